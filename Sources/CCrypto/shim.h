#ifndef CCRYPTO_SHIM_H
#define CCRYPTO_SHIM_H
// OpenSSL 3 marks the one-algorithm calls deprecated in favour of EVP, whose digest is fetched by name on every
// call; a session token is hashed on every request, so the direct calls are used, which dispatch to the CPU's SHA
// instructions where it has them.
#define OPENSSL_SUPPRESS_DEPRECATED 1
#include <openssl/sha.h>
#include <stddef.h>

static inline void ccrypto_sha256(const unsigned char *bytes, size_t count, unsigned char digest[32]) {
    SHA256_CTX context;
    SHA256_Init(&context);
    SHA256_Update(&context, bytes, count);
    SHA256_Final(digest, &context);
}
#endif
