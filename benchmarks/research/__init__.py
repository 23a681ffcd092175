"""Research scripts kept for a later round of the bots (see ../README.md)."""
