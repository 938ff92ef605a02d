"""MArcomage's widgets: its game board, its card faces and the helpers behind them."""
