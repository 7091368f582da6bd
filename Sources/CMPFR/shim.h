#ifndef CMPFR_SHIM_H
#define CMPFR_SHIM_H
#include <stdio.h>
#include <gmp.h>
#include <mpfr.h>
// Macros and variadics of MPFR/GMP that Swift cannot call become cmpfr_* static inline wrappers here.
#endif
