"""The desktop editor: everything that imports PySide6 widgets lives here."""
