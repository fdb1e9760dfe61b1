"""Tile art drawn from the segments alone, so that any custom tile renders without an artist.

Each tile's geometry is worked out once, unrotated, in a 100 × 100 frame: city shapes from
the sides they own, roads and rivers from their centre ports to where they end, fields as the
pieces of land the cities, roads, rivers and buildings leave, split along hedges where the
tile says two fields meet without a barrier. Drawing, hit-testing and figure anchors all use
that one geometry; a rotation and a target rectangle are a :class:`QTransform` away.

Callers import from the module that holds what they use, from the top down:

- :mod:`.pixmaps`: tiles, figures and symbols drawn into pixmaps, and the caches of them
- :mod:`.tiles`: painting a tile (its picture, or its geometry)
- :mod:`.buildings`, :mod:`.symbols`, :mod:`.figures`: what is drawn on a tile and on it
- :mod:`.images`: where a tile set's pictures are found (:func:`.images.use_catalogue`)
- :mod:`.geometry`: a tile's geometry, hit-testing (:func:`.geometry.segment_at`) and figure
  anchors
- :mod:`.shapes`, :mod:`.segment_map`: city and line shapes; the segment-index map
- :mod:`.paths`, :mod:`.pens`, :mod:`.frame`: path helpers, the pen, the frame's sizes and
  points

The import contracts in ``pyproject.toml`` hold these layers and keep the art away from the
docks, the window and the global catalogue.
"""
