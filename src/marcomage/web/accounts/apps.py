"""The accounts app."""

from django.apps import AppConfig


class AccountsConfig(AppConfig):
    """Players' accounts: the custom user model and its pages."""

    name = "marcomage.web.accounts"
    label = "accounts"
    verbose_name = "Accounts"
