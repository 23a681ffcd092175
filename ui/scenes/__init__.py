"""The shell's scenes: title, new-game setup, settings, statistics, rules and the pause menu."""
