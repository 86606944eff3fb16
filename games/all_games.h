// The headers of every game built in this configuration (MEEPLE_HAVE_<dir>
// comes from the meeple_games target), for code that works on the concrete
// game types: the registry, bot registration, benchmarks.
#pragma once

#ifdef MEEPLE_HAVE_first_contact
#include "games/first_contact/first_contact.h"
#endif
#ifdef MEEPLE_HAVE_first_giants
#include "games/first_giants/first_giants.h"
#endif
#ifdef MEEPLE_HAVE_ufo
#include "games/ufo/ufo.h"
#endif
