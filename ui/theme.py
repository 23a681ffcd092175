"""The shell's widget theme (``assets/theme.json``) at an interface size.

The theme's fonts, corners, paddings and list rows are measured in pixels for a 100 % interface;
``scaled_theme`` multiplies them for a larger one, so that text is rendered afresh at the size it is
shown (crisp at 150 % and 200 %) rather than stretched. Borders stay as thin as they are.

>>> scaled_theme({"button": {"font": {"size": "16"}, "misc": {"padding": "8,4"}}}, 1.5)
{'button': {'font': {'size': '24'}, 'misc': {'padding': '12,6'}}}
"""

from __future__ import annotations

import copy
from typing import Any

SCALED = {
    "font": ("size",),
    "misc": ("shape_corner_radius", "text_horiz_alignment_padding", "list_item_height", "sliding_button_width",
             "padding", "shadow_width"),
}
"""The pixel measures, by section, that follow the interface size."""


def scaled_theme(base: dict[str, Any], factor: float) -> dict[str, Any]:
    """A copy of ``base`` with every pixel measure of ``SCALED`` multiplied by ``factor``."""
    theme = copy.deepcopy(base)
    for element in theme.values():
        if not isinstance(element, dict):
            continue
        for section, names in SCALED.items():
            values = element.get(section)
            if not isinstance(values, dict):
                continue
            for name in names:
                if name in values:
                    values[name] = ",".join(str(round(float(v) * factor)) for v in str(values[name]).split(","))
    return theme


def drop_unused_fonts(theme: Any) -> int:
    """Let go of the widget fonts the theme ``theme`` no longer names; how many were dropped.

    pygame_gui loads a font for every size and style a theme or a text asks for and keeps it for
    good, so each interface size and language a session reached held its fonts (17 grew to 39 over
    a long benchmark). Kept: the fonts of the theme as now loaded (every element, every locale) and
    the default and symbol fonts; a text that asks again for one dropped is given it afresh.
    """
    fonts = theme.get_font_dictionary()
    keep = {fonts.default_font.idx, fonts._default_symbols_font.idx}  # pygame_gui has no public getter
    for by_locale in theme.ele_font_res.values():
        keep.update(resource.font_id for resource in by_locale.values())
    unused = [font_id for font_id in fonts.loaded_fonts if font_id not in keep]
    for font_id in unused:
        del fonts.loaded_fonts[font_id]
    fonts.used_font_ids[:] = [font_id for font_id in fonts.used_font_ids if font_id in keep]
    return len(unused)
