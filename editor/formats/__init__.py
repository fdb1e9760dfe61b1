"""Reading and writing the editor's JSON files.

- :mod:`.jsonio`: ``read_json`` (problems as findings), ``write_json_atomic``, ``json_path``
- :mod:`.schemas`: the schema registry, validators, schema errors as findings
- :mod:`.lint`: checks the schemas cannot express; ``check_tileset``/``check_board`` run both
- :mod:`.tilesets`: tile set files ↔ model objects, the built-in catalogue
- :mod:`.report`: validation reports as text or JSON
"""
