"""The table for a browser seat: the host draws the seat's picture for the browser's screen and
language (``ui.web.seat``) and renders the card images it shows (``ui.web.cards``)."""
