"""The moderators' console: sections (created and ordered here), threads and posts."""

from django.contrib import admin

from .models import Post, Section, Thread


@admin.register(Section)
class SectionAdmin(admin.ModelAdmin):
    """Sections of the forum, in their order."""

    list_display = ("name", "slug", "position", "description")
    prepopulated_fields = {"slug": ("name",)}  # noqa: RUF012


@admin.register(Thread)
class ThreadAdmin(admin.ModelAdmin):
    """Threads: priority, lock and section can also be changed on the thread's page."""

    list_display = ("title", "section", "priority", "locked", "game", "post_count", "last_post_at")
    list_filter = ("section", "priority", "locked", "game")
    search_fields = ("title",)


@admin.register(Post)
class PostAdmin(admin.ModelAdmin):
    """Posts, for the record."""

    list_display = ("id", "thread", "author", "created", "edited")
    search_fields = ("text",)
    raw_id_fields = ("thread", "author")
