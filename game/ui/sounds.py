"""Short sound effects, synthesised with numpy when the game starts (no sound files ship).

``Sounds.play(name)`` plays one of ``NAMES``. Without an audio device (a server, a test run,
a broken driver) the mixer fails to open and every call is silently ignored: sound is a
nicety, never a reason to crash. The "sound" setting mutes everything.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable, Iterator

import numpy as np
import numpy.typing as npt
import pygame

SAMPLE_RATE = 22050
NAMES = ("fill", "cross", "clear", "line", "win", "click", "reveal", "step", "oops")

FloatArray = npt.NDArray[np.float64]


def _time(seconds: float) -> FloatArray:
    return np.arange(int(SAMPLE_RATE * seconds), dtype=np.float64) / SAMPLE_RATE


def _tone(frequency: float, seconds: float, decay: float, attack: float = 0.003) -> FloatArray:
    """A sine with a soft attack and an exponential tail: a short, clean 'pluck'."""
    t = _time(seconds)
    envelope = np.exp(-t * decay) * np.minimum(1.0, t / attack)
    # A quiet octave above makes the tick less thin without making it louder.
    wave = np.sin(2 * np.pi * frequency * t) + 0.25 * np.sin(4 * np.pi * frequency * t)
    result: FloatArray = wave * envelope / 1.25
    return result


def _noise_tick(seconds: float, decay: float, seed: int) -> FloatArray:
    t = _time(seconds)
    noise = np.random.default_rng(seed).uniform(-1.0, 1.0, t.size)
    # A running mean takes the hiss off the top, so the tick sounds like paper, not static.
    smooth = np.convolve(noise, np.ones(6) / 6, mode="same")
    result: FloatArray = smooth * np.exp(-t * decay)
    return result


def _sequence(notes: list[tuple[float, float]], gap: float, decay: float) -> FloatArray:
    """Notes that start ``gap`` seconds apart and ring over each other."""
    length = gap * (len(notes) - 1) + max(seconds for _, seconds in notes)
    out = np.zeros(int(SAMPLE_RATE * length) + 1)
    for index, (frequency, seconds) in enumerate(notes):
        start = int(SAMPLE_RATE * gap * index)
        tone = _tone(frequency, seconds, decay)
        out[start : start + tone.size] += tone
    peak = float(np.max(np.abs(out))) or 1.0
    result: FloatArray = out / peak
    return result


def _shimmer(seconds: float, notes: list[float], seed: int) -> FloatArray:
    """Soft bell plucks rising over ``seconds`` (the win reveal's wave crossing the grid):
    each note a sine with a fifth above it, quick to fade, on a bed of faint filtered air."""
    out = np.zeros(int(SAMPLE_RATE * (seconds + 0.6)))
    gap = seconds / max(1, len(notes) - 1)
    for index, frequency in enumerate(notes):
        start = int(SAMPLE_RATE * gap * index)
        bell = _tone(frequency, 0.5, 9.0) + 0.3 * _tone(frequency * 1.5, 0.5, 14.0)
        # Later notes are quieter: the wave settles rather than builds to a bang.
        out[start : start + bell.size] += bell * (1.0 - 0.45 * index / len(notes))
    air = _noise_tick(seconds + 0.6, 3.0, seed)
    air = np.convolve(air, np.ones(24) / 24, mode="same")
    out += 0.25 * air * np.sin(np.pi * np.linspace(0.0, 1.0, out.size))
    peak = float(np.max(np.abs(out))) or 1.0
    result: FloatArray = out / peak
    return result


def synthesise() -> dict[str, FloatArray]:
    """Every effect as mono samples in -1..1 at ``SAMPLE_RATE``."""
    return {
        "fill": 0.55 * _tone(620.0, 0.06, 70.0) + 0.15 * _noise_tick(0.06, 120.0, 1),
        "cross": 0.45 * _tone(410.0, 0.05, 80.0) + 0.2 * _noise_tick(0.05, 140.0, 2),
        "clear": 0.35 * _tone(300.0, 0.05, 90.0),
        "click": 0.35 * _tone(980.0, 0.03, 160.0),
        "line": 0.5 * _sequence([(880.0, 0.18), (1318.5, 0.25)], 0.07, 18.0),
        "win": 0.6
        * _sequence([(523.3, 0.3), (659.3, 0.3), (784.0, 0.3), (1046.5, 0.7)], 0.11, 6.0),
        # A pentatonic run up two octaves, as long as the reveal's wave (win_reveal.WAVE).
        "reveal": 0.4
        * _shimmer(0.8, [523.3, 587.3, 659.3, 784.0, 880.0, 1046.5, 1174.7, 1318.5], 3),
        # The lesson: a step done (two light notes up), a move it refuses (one soft low note,
        # a nudge rather than a buzzer).
        "step": 0.4 * _sequence([(784.0, 0.12), (1046.5, 0.2)], 0.06, 22.0),
        "oops": 0.35 * _tone(233.1, 0.16, 24.0),
    }


@contextlib.contextmanager
def _native_stderr_quiet() -> Iterator[None]:
    """Native code's writes to stderr go nowhere meanwhile. Without a sound card, ALSA's
    library prints a dozen lines of its probing straight to the stream before SDL gives up;
    a game without sound is normal (see the module text), so that is noise, not news."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError):  # no real stderr (a GUI launcher): nothing to quiet
        yield
        return
    null = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(null, 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(null)


def _to_mixer_format(samples: FloatArray, size: int, channels: int) -> npt.NDArray[np.generic]:
    clipped = np.clip(samples, -1.0, 1.0)
    if size == -16:
        data: npt.NDArray[np.generic] = (clipped * 32000).astype(np.int16)
    elif size == 32:
        data = clipped.astype(np.float32)
    else:
        raise ValueError(f"unsupported mixer sample size {size}")
    if channels > 1:
        data = np.repeat(data[:, None], channels, axis=1)
    return np.ascontiguousarray(data)


class Sounds:
    """The game's sound effects. ``enabled`` and ``volume`` follow the player's settings."""

    def __init__(self, enabled: bool = True, volume: float = 0.7, use_mixer: bool = True) -> None:
        self.enabled = enabled
        self._volume = volume
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        # What was asked for while enabled, newest last: lets tests hear without speakers.
        self.played: list[str] = []
        self.available = use_mixer and self._open_mixer()
        if self.available:
            self._build()

    @staticmethod
    def _open_mixer() -> bool:
        try:
            if not pygame.mixer.get_init():
                with _native_stderr_quiet():
                    pygame.mixer.init(SAMPLE_RATE, -16, 2, 512)
            return pygame.mixer.get_init() is not None
        except (pygame.error, OSError):
            return False

    def _build(self) -> None:
        init = pygame.mixer.get_init()
        if init is None:
            self.available = False
            return
        frequency, size, channels = init
        try:
            for name, samples in synthesise().items():
                if frequency != SAMPLE_RATE:
                    # Resample by linear interpolation: the mixer opened at another rate.
                    positions = np.arange(int(samples.size * frequency / SAMPLE_RATE))
                    samples = np.interp(
                        positions * SAMPLE_RATE / frequency, np.arange(samples.size), samples
                    )
                array = _to_mixer_format(samples, size, channels)
                sound = pygame.sndarray.make_sound(array)
                sound.set_volume(self._volume)
                self._sounds[name] = sound
        except (ValueError, pygame.error):
            self._sounds.clear()
            self.available = False

    @property
    def volume(self) -> float:
        return self._volume

    @volume.setter
    def volume(self, value: float) -> None:
        self._volume = max(0.0, min(1.0, float(value)))
        for sound in self._sounds.values():
            sound.set_volume(self._volume)

    def play(self, name: str) -> None:
        """Play the effect ``name``; nothing happens when muted or without audio."""
        if not self.enabled:
            return
        self.played.append(name)
        if len(self.played) > 100:
            del self.played[:50]
        sound = self._sounds.get(name)
        if sound is None:
            return
        with contextlib.suppress(pygame.error):
            sound.play()


SoundPlayer = Callable[[str], None]
