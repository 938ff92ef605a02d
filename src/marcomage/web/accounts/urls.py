"""Account URLs."""

from django.urls import path

from . import views

app_name = "accounts"

urlpatterns = [
    path("register/", views.register, name="register"),
    path("login/", views.log_in, name="login"),
    path("logout/", views.log_out, name="logout"),
    path("password/", views.change_password, name="password"),
    path("delete/", views.delete_account, name="delete"),
]
