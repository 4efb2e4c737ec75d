"""Validation, split by when it runs.

- ``kit``: checks of the kit before layout (``check_kit``; each kind's own checks come from its
  module in ``printkit.kinds``), with the invariants that need no pages (``proofs``);
- ``pages``: checks of the laid-out pages of one language (``check_layout``, ``check_printed``),
  with the invariants about pages (``proofs``);
- ``proofs``: the invariants and the blame that names the line to fix;
- ``findings``: what they all report into (``Findings``, ``by_language``).

Every check returns findings and raises nothing; ``build`` refuses a kit with any error finding.
This package imports none of its modules itself, so a kind module can use ``findings`` while
``kit`` reads the registry of kinds.
"""
