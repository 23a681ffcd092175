"""The card table: the scene, its layout, sprites, tweens, bots, widgets and the score sheet."""

from ui.table.scene import TableScene
from ui.table.scores import ScoreSheetScene

__all__ = ["ScoreSheetScene", "TableScene"]
