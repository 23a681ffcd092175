"""Tablée's pygame front end: the app loop, scenes, the card table, input and animation."""
