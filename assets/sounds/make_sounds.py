"""Synthesise Tablée's sound effects and write them as small OGG Vorbis files beside this script.

    python -m pip install -r assets/sounds/requirements.txt
    python assets/sounds/make_sounds.py

Every sound is made here from noise and sine waves (nothing recorded, nothing downloaded), seeded,
so running the script again gives the same sounds. The app only plays the .ogg files; it does not
need numpy or soundfile.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import soundfile

RATE = 22050
HERE = Path(__file__).resolve().parent
rng = np.random.default_rng(2026)


def seconds(length: float) -> np.ndarray:
    return np.arange(int(RATE * length)) / RATE


def envelope(t: np.ndarray, attack: float, decay: float) -> np.ndarray:
    """A quick rise then an exponential fall (a plucked or struck sound)."""
    return np.minimum(1.0, t / max(attack, 1e-4)) * np.exp(-np.maximum(0.0, t - attack) / decay)


def noise(length: float, smooth: int = 1) -> np.ndarray:
    """White noise, low-passed by a moving average of ``smooth`` samples (papery, softer)."""
    raw = rng.standard_normal(int(RATE * length) + smooth)
    kernel = np.ones(smooth) / smooth
    return np.convolve(raw, kernel, mode="valid")[: int(RATE * length)]


def tone(freq: float, length: float, attack: float = 0.005, decay: float = 0.15, harmonics: int = 3) -> np.ndarray:
    t = seconds(length)
    wave = sum(np.sin(2 * np.pi * freq * (k + 1) * t) / (k + 1) ** 1.5 for k in range(harmonics))
    return wave * envelope(t, attack, decay)


def swish(length: float, smooth: int, decay: float) -> np.ndarray:
    t = seconds(length)
    return noise(length, smooth) * envelope(t, 0.01, decay)


def place(at: float = 0.0) -> np.ndarray:
    """A card laid on the felt: a short papery tap with a low thud."""
    t = seconds(0.12)
    tap = noise(0.12, 6) * envelope(t, 0.002, 0.018)
    thud = np.sin(2 * np.pi * 140 * t) * envelope(t, 0.002, 0.03) * 0.6
    return pad(tap + thud, at)


def pad(sound: np.ndarray, at: float) -> np.ndarray:
    return np.concatenate([np.zeros(int(RATE * at)), sound])


def mix(*parts: np.ndarray) -> np.ndarray:
    out = np.zeros(max(len(p) for p in parts))
    for p in parts:
        out[: len(p)] += p
    return out


def notes(freqs: list[float], step: float, length: float = 0.35, decay: float = 0.18) -> np.ndarray:
    return mix(*(pad(tone(f, length, decay=decay), i * step) for i, f in enumerate(freqs)))


SOUNDS = {
    # dealing: a quick flurry of cards landing
    "deal": lambda: mix(*(pad(place() * 0.7, i * 0.06) for i in range(5))),
    "draw": lambda: swish(0.16, 12, 0.05),
    "place": place,
    # a riffle: many tiny clicks, denser then sparser, over a soft shuffle noise
    "shuffle": lambda: mix(swish(0.7, 20, 0.3) * 0.4,
                           *(pad(noise(0.01, 3) * envelope(seconds(0.01), 0.001, 0.003), 0.05 + 0.6 * (i / 40) ** 1.3)
                             for i in range(40))),
    # a refused drop: two low, dull notes going down
    "refuse": lambda: notes([220.0, 175.0], 0.09, length=0.22, decay=0.07) * 0.8,
    # a knock on the table: two wooden knocks
    "knock": lambda: mix(*(pad(np.sin(2 * np.pi * 180 * seconds(0.12)) * envelope(seconds(0.12), 0.001, 0.025)
                               + noise(0.12, 4) * envelope(seconds(0.12), 0.001, 0.01) * 0.5, i * 0.16)
                           for i in range(2))),
    # « Gang de mouettes ! »: a gull-like call, a fast upward then downward glide, twice
    "call": lambda: mix(*(pad(glide(900, 1500, 700, 0.22), i * 0.26) for i in range(2))),
    "snap_won": lambda: notes([660.0, 880.0, 1320.0], 0.05, length=0.25, decay=0.08),
    "snap_lost": lambda: notes([520.0, 390.0], 0.07, length=0.25, decay=0.08),
    "hand_won": lambda: notes([523.25, 659.25, 783.99, 1046.5], 0.11, length=0.6, decay=0.25),
    "hand_lost": lambda: notes([392.0, 311.13, 261.63], 0.16, length=0.6, decay=0.25),
}


def glide(start: float, top: float, end: float, length: float) -> np.ndarray:
    """A tone whose pitch rises from ``start`` to ``top`` then falls to ``end``."""
    t = seconds(length)
    half = len(t) // 3
    freq = np.concatenate([np.linspace(start, top, half), np.linspace(top, end, len(t) - half)])
    phase = 2 * np.pi * np.cumsum(freq) / RATE
    return (np.sin(phase) + 0.3 * np.sin(2 * phase)) * envelope(t, 0.01, 0.12)


def write(name: str, sound: np.ndarray) -> Path:
    """Normalise to a comfortable level, fade the ends, and write ``<name>.ogg``."""
    sound = sound / max(1e-9, float(np.max(np.abs(sound)))) * 0.7
    fade = min(len(sound) // 4, int(RATE * 0.01))
    sound[-fade:] *= np.linspace(1.0, 0.0, fade)
    path = HERE / f"{name}.ogg"
    soundfile.write(path, sound.astype(np.float32), RATE, format="OGG", subtype="VORBIS")
    return path


def main() -> None:
    for name, make in SOUNDS.items():
        path = write(name, make())
        print(f"{path.name}: {path.stat().st_size} bytes")


if __name__ == "__main__":
    main()
