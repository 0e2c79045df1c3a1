"""The sandbox: where student code runs (:mod:`.bwrap`, bubblewrap; :mod:`.run_notebook` inside it), and the one
module that decodes what it sends back (:mod:`.plain`). It imports no other stage (the import contract in the
repository's pyproject.toml)."""
