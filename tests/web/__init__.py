"""Tests of the web site (issue 7): one module per view or behaviour."""
