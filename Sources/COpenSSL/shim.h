// OpenSSL 3.0's libcrypto (Debian libssl-dev): the message digests (EVP) for Swift code that needs SHA-256.
#include <openssl/evp.h>
