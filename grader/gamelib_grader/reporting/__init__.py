"""Reporting: the class report, the gradebook (class grades and what changed), and the course site's files."""
