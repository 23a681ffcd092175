"""The table as a picture: one immutable description of everything the player sees (``model``, no
pygame), made from a table scene by ``build`` (see docs/architecture.md, "The picture")."""
