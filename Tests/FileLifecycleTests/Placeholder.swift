// Tests for this module are added by its issue.
