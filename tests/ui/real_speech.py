"""A first minute of Gang de mouettes in a real window, spoken by Speech Dispatcher: run by
``test_real_speech.py`` as ``python -m tests.ui.real_speech DATA LANGUAGE HEARD``, with ``DISPLAY`` on
an Xvfb server (openbox managing it) and ``SPEECHD_ADDRESS`` on a private Speech Dispatcher whose only
module writes what it would say to a file.

The app runs as a user's would: *Read aloud* and the language come from the saved settings, the
voice is the one ``ui.speech.find_voice`` finds (from a virtual environment: ``spd-say``). The match
is opened by keys from the title screen (↓ to Gang de mouettes, Enter; Enter on the setup's Start),
then the listening player of ``tests.ui.listener`` plays its seat for 3,600 frames (a minute at 60
frames a second, counted, not timed), hearing every line the app gives the voice. ``HEARD`` gets
what the app announced, one ``kind<TAB>priority<TAB>text`` a line, for the test to compare with what
the voice said.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pygame

from tests.ui.listener import CATALOG, Ears, GangStrategy, ListeningBot, Phrasebook
from ui.app import App
from ui.scenes.setup import SetupScene
from ui.settings import Settings, save_settings
from ui.speech import Speaker, find_voice
from ui.table.scene import TableScene

MINUTE = 3600
"""The frames of the match's first minute."""


def main(data: Path, language: str, heard: Path) -> int:
    data.mkdir(parents=True, exist_ok=True)
    save_settings(data, Settings(language=language, read_aloud=True))
    app = App(data_dir=data, size=(1280, 800))
    voice = find_voice()
    if voice is None or voice.name != "spd-say":
        print(f"the voice found is {voice and voice.name}, not Speech Dispatcher's spd-say")
        return 2
    ears = Ears(app, forward=Speaker(voice))
    app.step(1 / 60)
    title = app.top
    target = title.game_buttons["gang_de_mouettes"]
    for _ in range(len(title.nav)):
        if title.nav[title.focus] is target:
            break
        ears.press(pygame.K_DOWN)
    ears.press(pygame.K_RETURN)
    if not isinstance(app.top, SetupScene):
        print("Enter on Gang de mouettes did not open its setup")
        return 1
    ears.press(pygame.K_RETURN)  # the setup opens with the focus on Start
    if not isinstance(app.top, TableScene):
        print("Enter on Start did not deal the match")
        return 1
    ears.frames = 0
    book = Phrasebook(CATALOG.parent / language)
    bot = ListeningBot(ears, GangStrategy(book))
    bot.play(MINUTE, to_the_end=False)
    ears.speaker.wait(60)
    heard.write_text("".join(f"{h.kind}\t{h.priority.name}\t{h.text}\n" for h in ears.speaker.lines), encoding="utf-8")
    app.quit()
    app.close()
    print(f"played {bot.moves} moves in {ears.frames} frames")
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]), sys.argv[2], Path(sys.argv[3])))
