"""Benchmarks and the bots' floor: scripts run from the command line (see README.md here)."""
