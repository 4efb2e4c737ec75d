"""A kit's own pictures: found, limited, decoded and measured."""
