"""The forum: sections, threads, posts in BBCode, exact new-post marks, search (manual: "Forum")."""
