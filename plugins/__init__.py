"""Built-in rule plugins, one package per game part; they use only ``editor``'s public API."""
