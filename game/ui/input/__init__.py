"""The input layer: pygame's events become the game's actions (see ``translate``)."""

from game.ui.input.actions import Action
from game.ui.input.event import MIDDLE, PRIMARY, SECONDARY, Device, Input, Kind

__all__ = ["MIDDLE", "PRIMARY", "SECONDARY", "Action", "Device", "Input", "Kind"]
