"""`vint class`: create a class, its roster and boards, its tokens, a traveller, an export."""
