"""Accounts: registration, log in and out, passwords, activity, failed-login slowdown."""
