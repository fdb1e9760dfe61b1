"""The editor's dock widgets: catalogue, inspector, players, scores, findings, history,
annotations. Each takes the document it shows through ``set_document``."""
