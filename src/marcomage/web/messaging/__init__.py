"""Messages section: messages between players and the system's notices (manual: "Messages")."""
