"""The network table: a host runs the referee, friends and network bots join over WebSockets.

``net`` imports ``game`` and never pygame or ``ui``: ``protocol`` (the messages), ``table`` (the
host's clock-free logic), ``host`` (the server), ``client`` (a seat's connection and the network
bot), ``remote`` (the app's client thread) and ``discovery`` (tables announced on the local network).
"""
