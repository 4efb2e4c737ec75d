"""A kit's own pictures: found, limited, decoded and measured, with no drawing library.

limits.py holds the limits and what a picture costs; raster.py and svg.py check one picture's
bytes; prepared.py reads every picture a kit shows once a build into ``Pictures``, the value
the pipeline hands to layout and the renderer; place.py fits a picture into a box.
"""
