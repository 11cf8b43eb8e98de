"""Learning Goita: the guided first game (:mod:`.tutorial`), hints (:mod:`.hints`) and the
review of recorded matches (:mod:`.review`), with the services the adapter calls
(:mod:`.services`, :mod:`.reviews`) and the storage port (:mod:`.ports`). No Discord here."""
