#ifndef CMPFR_SHIM_H
#define CMPFR_SHIM_H
#include <stdio.h>
#include <gmp.h>
#include <mpfr.h>
// Macros and variadics of MPFR/GMP that Swift cannot call become cmpfr_* static inline wrappers here.
// GMP names its functions through #define aliases (mpq_add → __gmpq_add) and a few are pure macros (mpq_numref),
// neither of which Swift imports, so every GMP call the engine makes goes through one of these.

static inline void cmpfr_q_init(mpq_ptr q) { mpq_init(q); }
static inline void cmpfr_q_clear(mpq_ptr q) { mpq_clear(q); }
static inline void cmpfr_q_set(mpq_ptr r, mpq_srcptr a) { mpq_set(r, a); }
static inline void cmpfr_q_set_si(mpq_ptr r, long n, unsigned long d) { mpq_set_si(r, n, d); mpq_canonicalize(r); }
static inline void cmpfr_q_set_num_den(mpq_ptr r, mpz_srcptr n, mpz_srcptr d) {
    mpz_set(mpq_numref(r), n); mpz_set(mpq_denref(r), d); mpq_canonicalize(r);
}
static inline void cmpfr_q_add(mpq_ptr r, mpq_srcptr a, mpq_srcptr b) { mpq_add(r, a, b); }
static inline void cmpfr_q_sub(mpq_ptr r, mpq_srcptr a, mpq_srcptr b) { mpq_sub(r, a, b); }
static inline void cmpfr_q_mul(mpq_ptr r, mpq_srcptr a, mpq_srcptr b) { mpq_mul(r, a, b); }
static inline void cmpfr_q_div(mpq_ptr r, mpq_srcptr a, mpq_srcptr b) { mpq_div(r, a, b); }
static inline void cmpfr_q_neg(mpq_ptr r, mpq_srcptr a) { mpq_neg(r, a); }
static inline void cmpfr_q_abs(mpq_ptr r, mpq_srcptr a) { mpq_abs(r, a); }
static inline int cmpfr_q_cmp(mpq_srcptr a, mpq_srcptr b) { return mpq_cmp(a, b); }
static inline int cmpfr_q_cmp_si(mpq_srcptr a, long n, unsigned long d) { return mpq_cmp_si(a, n, d); }
static inline int cmpfr_q_equal(mpq_srcptr a, mpq_srcptr b) { return mpq_equal(a, b); }
static inline int cmpfr_q_sgn(mpq_srcptr a) { return mpq_sgn(a); }
static inline mpz_ptr cmpfr_q_num(mpq_ptr a) { return mpq_numref(a); }
static inline mpz_ptr cmpfr_q_den(mpq_ptr a) { return mpq_denref(a); }
static inline int cmpfr_q_is_integer(mpq_srcptr a) { return mpz_cmp_ui(mpq_denref(a), 1) == 0; }
static inline size_t cmpfr_q_num_bits(mpq_srcptr a) { return mpz_sizeinbase(mpq_numref(a), 2); }
static inline size_t cmpfr_q_den_bits(mpq_srcptr a) { return mpz_sizeinbase(mpq_denref(a), 2); }
static inline size_t cmpfr_q_str_size(mpq_srcptr a) {
    return mpz_sizeinbase(mpq_numref(a), 10) + mpz_sizeinbase(mpq_denref(a), 10) + 3;
}
static inline char *cmpfr_q_get_str(char *buffer, mpq_srcptr a) { return mpq_get_str(buffer, 10, a); }
static inline int cmpfr_q_set_str(mpq_ptr r, const char *s) {
    int status = mpq_set_str(r, s, 10);
    if (status == 0) { if (mpz_sgn(mpq_denref(r)) == 0) return -1; mpq_canonicalize(r); }
    return status;
}

static inline void cmpfr_z_init(mpz_ptr z) { mpz_init(z); }
static inline void cmpfr_z_clear(mpz_ptr z) { mpz_clear(z); }
static inline void cmpfr_z_set_ui(mpz_ptr z, unsigned long v) { mpz_set_ui(z, v); }
static inline int cmpfr_z_set_str(mpz_ptr z, const char *s) { return mpz_set_str(z, s, 10); }
static inline void cmpfr_z_ui_pow_ui(mpz_ptr z, unsigned long b, unsigned long e) { mpz_ui_pow_ui(z, b, e); }
static inline void cmpfr_z_pow_ui(mpz_ptr r, mpz_srcptr b, unsigned long e) { mpz_pow_ui(r, b, e); }
static inline void cmpfr_z_mul(mpz_ptr r, mpz_srcptr a, mpz_srcptr b) { mpz_mul(r, a, b); }
static inline void cmpfr_z_mul_ui(mpz_ptr r, mpz_srcptr a, unsigned long b) { mpz_mul_ui(r, a, b); }
static inline void cmpfr_z_add(mpz_ptr r, mpz_srcptr a, mpz_srcptr b) { mpz_add(r, a, b); }
static inline void cmpfr_z_sub(mpz_ptr r, mpz_srcptr a, mpz_srcptr b) { mpz_sub(r, a, b); }
static inline void cmpfr_z_abs(mpz_ptr r, mpz_srcptr a) { mpz_abs(r, a); }
static inline void cmpfr_z_fdiv_q(mpz_ptr q, mpz_srcptr n, mpz_srcptr d) { mpz_fdiv_q(q, n, d); }
static inline void cmpfr_z_fdiv_r(mpz_ptr r, mpz_srcptr n, mpz_srcptr d) { mpz_fdiv_r(r, n, d); }
static inline void cmpfr_z_tdiv_q_ui(mpz_ptr q, mpz_srcptr n, unsigned long d) { mpz_tdiv_q_ui(q, n, d); }
static inline int cmpfr_z_cmp(mpz_srcptr a, mpz_srcptr b) { return mpz_cmp(a, b); }
static inline size_t cmpfr_z_sizeinbase(mpz_srcptr a, int base) { return mpz_sizeinbase(a, base); }
static inline char *cmpfr_z_get_str(char *buffer, mpz_srcptr a) { return mpz_get_str(buffer, 10, a); }
static inline void cmpfr_z_fac_ui(mpz_ptr r, unsigned long n) { mpz_fac_ui(r, n); }
static inline int cmpfr_z_root(mpz_ptr r, mpz_srcptr a, unsigned long n) { return mpz_root(r, a, n); }
static inline int cmpfr_z_fits_slong(mpz_srcptr a) { return mpz_fits_slong_p(a); }
static inline int cmpfr_z_odd_p(mpz_srcptr a) { return mpz_odd_p(a); }
static inline void cmpfr_z_fdiv_qr(mpz_ptr q, mpz_ptr r, mpz_srcptr n, mpz_srcptr d) { mpz_fdiv_qr(q, r, n, d); }
static inline void cmpfr_z_add_ui(mpz_ptr r, mpz_srcptr a, unsigned long b) { mpz_add_ui(r, a, b); }
static inline long cmpfr_z_get_si(mpz_srcptr a) { return mpz_get_si(a); }
static inline unsigned long cmpfr_z_get_ui(mpz_srcptr a) { return mpz_get_ui(a); }
static inline int cmpfr_z_sgn(mpz_srcptr a) { return mpz_sgn(a); }
static inline void cmpfr_z_tdiv_q(mpz_ptr q, mpz_srcptr n, mpz_srcptr d) { mpz_tdiv_q(q, n, d); }
static inline void cmpfr_z_gcd(mpz_ptr r, mpz_srcptr a, mpz_srcptr b) { mpz_gcd(r, a, b); }
static inline void cmpfr_z_lcm(mpz_ptr r, mpz_srcptr a, mpz_srcptr b) { mpz_lcm(r, a, b); }
static inline void cmpfr_z_bin_ui(mpz_ptr r, mpz_srcptr n, unsigned long k) { mpz_bin_ui(r, n, k); }

#endif
