// Rapid's datagram addon: AES-GCM seal/open with cipher contexts made once per key (node:crypto makes an object per
// datagram), and sendmmsg/recvmmsg batches on a socket's descriptor (one system call per batch, not per datagram).
// OpenSSL is the one inside Node: its headers ship in include/node and the node binary exports its symbols.
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <node_api.h>
#include <openssl/evp.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>

#define MAX_BATCH 256
#define MAX_PARTS 4

typedef struct {
  EVP_CIPHER_CTX *seal;
  EVP_CIPHER_CTX *open;
} gcm_t;

#define CHECK(env, call)                                                                                              \
  do {                                                                                                                \
    if ((call) != napi_ok) {                                                                                          \
      napi_throw_error((env), NULL, "rapid-dgram: bad arguments");                                                    \
      return NULL;                                                                                                    \
    }                                                                                                                 \
  } while (0)

static napi_value fail(napi_env env, const char *message) {
  napi_throw_error(env, NULL, message);
  return NULL;
}

static napi_value number(napi_env env, double value) {
  napi_value out;
  napi_create_double(env, value, &out);
  return out;
}

static int buffer_of(napi_env env, napi_value value, unsigned char **data, size_t *length) {
  bool is;
  if (napi_is_buffer(env, value, &is) != napi_ok || !is) return 0;
  return napi_get_buffer_info(env, value, (void **)data, length) == napi_ok;
}

static void gcm_free(napi_env env, void *data, void *hint) {
  (void)env;
  (void)hint;
  gcm_t *gcm = data;
  EVP_CIPHER_CTX_free(gcm->seal);
  EVP_CIPHER_CTX_free(gcm->open);
  free(gcm);
}

static const EVP_CIPHER *cipher_for(size_t key_length) {
  switch (key_length) {
    case 16: return EVP_aes_128_gcm();
    case 24: return EVP_aes_192_gcm();
    case 32: return EVP_aes_256_gcm();
    default: return NULL;
  }
}

// gcmNew(key): a handle holding one sealing and one opening context, the key scheduled once.
static napi_value gcm_new(napi_env env, napi_callback_info info) {
  size_t argc = 1;
  napi_value argv[1];
  CHECK(env, napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  unsigned char *key;
  size_t key_length;
  if (argc < 1 || !buffer_of(env, argv[0], &key, &key_length)) return fail(env, "gcmNew(key)");
  const EVP_CIPHER *cipher = cipher_for(key_length);
  if (!cipher) return fail(env, "key must be 16, 24 or 32 bytes");
  gcm_t *gcm = calloc(1, sizeof *gcm);
  if (!gcm) return fail(env, "out of memory");
  gcm->seal = EVP_CIPHER_CTX_new();
  gcm->open = EVP_CIPHER_CTX_new();
  if (!gcm->seal || !gcm->open || EVP_EncryptInit_ex(gcm->seal, cipher, NULL, key, NULL) != 1 ||
      EVP_DecryptInit_ex(gcm->open, cipher, NULL, key, NULL) != 1) {
    gcm_free(env, gcm, NULL);
    return fail(env, "cannot set up AES-GCM");
  }
  napi_value out;
  if (napi_create_external(env, gcm, gcm_free, NULL, &out) != napi_ok) {
    gcm_free(env, gcm, NULL);
    return fail(env, "cannot wrap AES-GCM");
  }
  return out;
}

// Reads (handle, nonce[12], out, aadLength, ...) common to seal and open.
static gcm_t *gcm_args(napi_env env, napi_value *argv, unsigned char **nonce, unsigned char **out, size_t *out_length,
                       uint32_t *aad_length) {
  gcm_t *gcm;
  size_t nonce_length;
  if (napi_get_value_external(env, argv[0], (void **)&gcm) != napi_ok) return NULL;
  if (!buffer_of(env, argv[1], nonce, &nonce_length) || nonce_length != 12) return NULL;
  if (!buffer_of(env, argv[2], out, out_length)) return NULL;
  if (napi_get_value_uint32(env, argv[3], aad_length) != napi_ok) return NULL;
  return gcm;
}

// gcmSeal(handle, nonce, packet, aadLength, payload): packet[0, aadLength) is the header (authenticated), the
// payload's ciphertext goes to packet[aadLength, +payload.length) and the 16-byte tag right after it.
static napi_value gcm_seal(napi_env env, napi_callback_info info) {
  size_t argc = 5;
  napi_value argv[5];
  CHECK(env, napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  unsigned char *nonce, *packet, *payload;
  size_t packet_length, payload_length;
  uint32_t aad_length;
  gcm_t *gcm = argc < 5 ? NULL : gcm_args(env, argv, &nonce, &packet, &packet_length, &aad_length);
  if (!gcm || !buffer_of(env, argv[4], &payload, &payload_length)) return fail(env, "gcmSeal: bad arguments");
  if ((size_t)aad_length + payload_length + 16 > packet_length) return fail(env, "gcmSeal: packet too small");
  int length;
  EVP_CIPHER_CTX *ctx = gcm->seal;
  if (EVP_EncryptInit_ex(ctx, NULL, NULL, NULL, nonce) != 1 ||
      EVP_EncryptUpdate(ctx, NULL, &length, packet, (int)aad_length) != 1 ||
      (payload_length > 0 &&
       EVP_EncryptUpdate(ctx, packet + aad_length, &length, payload, (int)payload_length) != 1) ||
      EVP_EncryptFinal_ex(ctx, packet + aad_length + payload_length, &length) != 1 ||
      EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_GET_TAG, 16, packet + aad_length + payload_length) != 1)
    return fail(env, "gcmSeal: OpenSSL failed");
  return NULL;
}

// gcmOpen(handle, nonce, packet, aadLength, bodyLength): opens packet[aadLength, +bodyLength) in place against the
// tag after it; false when the tag does not match, the body then turned back into its ciphertext (GCM's keystream
// is its own inverse), so a packet that fails is left as it came.
static napi_value gcm_open(napi_env env, napi_callback_info info) {
  size_t argc = 5;
  napi_value argv[5];
  CHECK(env, napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  unsigned char *nonce, *packet;
  size_t packet_length;
  uint32_t aad_length, body_length;
  gcm_t *gcm = argc < 5 ? NULL : gcm_args(env, argv, &nonce, &packet, &packet_length, &aad_length);
  if (!gcm || napi_get_value_uint32(env, argv[4], &body_length) != napi_ok) return fail(env, "gcmOpen: bad arguments");
  if ((size_t)aad_length + body_length + 16 > packet_length) return fail(env, "gcmOpen: packet too small");
  int length;
  unsigned char scratch[16];
  EVP_CIPHER_CTX *ctx = gcm->open;
  int ok = EVP_DecryptInit_ex(ctx, NULL, NULL, NULL, nonce) == 1 &&
           EVP_DecryptUpdate(ctx, NULL, &length, packet, (int)aad_length) == 1 &&
           (body_length == 0 ||
            EVP_DecryptUpdate(ctx, packet + aad_length, &length, packet + aad_length, (int)body_length) == 1) &&
           EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_SET_TAG, 16, packet + aad_length + body_length) == 1 &&
           EVP_DecryptFinal_ex(ctx, scratch, &length) == 1;
  if (!ok && body_length > 0 && EVP_EncryptInit_ex(gcm->seal, NULL, NULL, NULL, nonce) == 1)
    EVP_EncryptUpdate(gcm->seal, packet + aad_length, &length, packet + aad_length, (int)body_length);
  napi_value out;
  napi_get_boolean(env, ok, &out);
  return out;
}

static int fd_of(napi_env env, napi_value value, int *fd) {
  return napi_get_value_int32(env, value, fd) == napi_ok && *fd >= 0;
}

// sendBatch(fd, datagrams, port?, ipv4?): datagrams is an array of arrays of Buffers (each one datagram's parts).
// Sent with sendmmsg without blocking; returns how many went (the rest met a full socket buffer, or an error).
static napi_value send_batch(napi_env env, napi_callback_info info) {
  size_t argc = 4;
  napi_value argv[4];
  CHECK(env, napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  int fd;
  uint32_t count;
  if (argc < 2 || !fd_of(env, argv[0], &fd) || napi_get_array_length(env, argv[1], &count) != napi_ok)
    return fail(env, "sendBatch(fd, datagrams, port?, address?)");
  struct sockaddr_in to;
  int addressed = 0;
  napi_valuetype kind = napi_undefined;
  if (argc >= 4) napi_typeof(env, argv[3], &kind);
  if (kind == napi_string) {
    char text[64];
    size_t used;
    uint32_t port;
    if (napi_get_value_string_utf8(env, argv[3], text, sizeof text, &used) != napi_ok ||
        napi_get_value_uint32(env, argv[2], &port) != napi_ok)
      return fail(env, "sendBatch: bad address");
    memset(&to, 0, sizeof to);
    to.sin_family = AF_INET;
    to.sin_port = htons((uint16_t)port);
    if (inet_pton(AF_INET, text, &to.sin_addr) != 1) return fail(env, "sendBatch: not an IPv4 address");
    addressed = 1;
  }
  struct mmsghdr messages[MAX_BATCH];
  struct iovec parts[MAX_BATCH][MAX_PARTS];
  uint32_t sent_total = 0;
  for (uint32_t start = 0; start < count; start += MAX_BATCH) {
    uint32_t batch = count - start < MAX_BATCH ? count - start : MAX_BATCH;
    for (uint32_t i = 0; i < batch; i++) {
      napi_value datagram;
      uint32_t part_count;
      if (napi_get_element(env, argv[1], start + i, &datagram) != napi_ok ||
          napi_get_array_length(env, datagram, &part_count) != napi_ok || part_count > MAX_PARTS)
        return fail(env, "sendBatch: each datagram is an array of at most 4 Buffers");
      for (uint32_t p = 0; p < part_count; p++) {
        napi_value part;
        unsigned char *data;
        size_t length;
        if (napi_get_element(env, datagram, p, &part) != napi_ok || !buffer_of(env, part, &data, &length))
          return fail(env, "sendBatch: a part is not a Buffer");
        parts[i][p].iov_base = data;
        parts[i][p].iov_len = length;
      }
      memset(&messages[i].msg_hdr, 0, sizeof messages[i].msg_hdr);
      messages[i].msg_hdr.msg_iov = parts[i];
      messages[i].msg_hdr.msg_iovlen = part_count;
      if (addressed) {
        messages[i].msg_hdr.msg_name = &to;
        messages[i].msg_hdr.msg_namelen = sizeof to;
      }
    }
    uint32_t done = 0;
    while (done < batch) {
      int sent = sendmmsg(fd, messages + done, batch - done, MSG_DONTWAIT);
      if (sent < 0 && errno == EINTR) continue;
      if (sent <= 0) return number(env, sent_total + done);
      done += (uint32_t)sent;
    }
    sent_total += batch;
  }
  return number(env, sent_total);
}

// recvBatch(fd, buffer, slotBytes, lengths: Int32Array, sources?: Uint8Array): reads up to lengths.length datagrams
// without blocking, datagram i into buffer[i * slotBytes, +slotBytes); its length into lengths[i] and, for IPv4, its
// sender's address and port into sources[6 * i, +6). Returns how many (0 when none waits).
static napi_value recv_batch(napi_env env, napi_callback_info info) {
  size_t argc = 5;
  napi_value argv[5];
  CHECK(env, napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  int fd;
  unsigned char *buffer;
  size_t buffer_length;
  uint32_t slot;
  napi_typedarray_type type;
  size_t max;
  void *lengths_data;
  if (argc < 4 || !fd_of(env, argv[0], &fd) || !buffer_of(env, argv[1], &buffer, &buffer_length) ||
      napi_get_value_uint32(env, argv[2], &slot) != napi_ok || slot == 0 ||
      napi_get_typedarray_info(env, argv[3], &type, &max, &lengths_data, NULL, NULL) != napi_ok ||
      type != napi_int32_array)
    return fail(env, "recvBatch(fd, buffer, slotBytes, lengths, sources?)");
  unsigned char *sources = NULL;
  if (argc >= 5) {
    napi_valuetype kind;
    napi_typeof(env, argv[4], &kind);
    size_t source_length;
    void *source_data;
    if (kind != napi_undefined) {
      if (napi_get_typedarray_info(env, argv[4], &type, &source_length, &source_data, NULL, NULL) != napi_ok ||
          type != napi_uint8_array || source_length < 6 * max)
        return fail(env, "recvBatch: sources must be a Uint8Array of 6 bytes per datagram");
      sources = source_data;
    }
  }
  if (max > buffer_length / slot) max = buffer_length / slot;
  if (max > MAX_BATCH) max = MAX_BATCH;
  struct mmsghdr messages[MAX_BATCH];
  struct iovec slots[MAX_BATCH];
  struct sockaddr_storage from[MAX_BATCH];
  for (size_t i = 0; i < max; i++) {
    slots[i].iov_base = buffer + i * slot;
    slots[i].iov_len = slot;
    memset(&messages[i].msg_hdr, 0, sizeof messages[i].msg_hdr);
    messages[i].msg_hdr.msg_iov = &slots[i];
    messages[i].msg_hdr.msg_iovlen = 1;
    messages[i].msg_hdr.msg_name = &from[i];
    messages[i].msg_hdr.msg_namelen = sizeof from[i];
  }
  int got;
  do got = recvmmsg(fd, messages, (unsigned)max, MSG_DONTWAIT, NULL);
  while (got < 0 && errno == EINTR);
  if (got < 0) got = 0;
  int32_t *lengths = lengths_data;
  for (int i = 0; i < got; i++) {
    // A datagram longer than its slot arrives cut (MSG_TRUNC): reported as length -1, so it is dropped.
    lengths[i] = (messages[i].msg_hdr.msg_flags & MSG_TRUNC) ? -1 : (int32_t)messages[i].msg_len;
    if (sources) {
      struct sockaddr_in *in = (struct sockaddr_in *)&from[i];
      if (in->sin_family == AF_INET) {
        memcpy(sources + 6 * i, &in->sin_addr, 4);
        memcpy(sources + 6 * i + 4, &in->sin_port, 2);
      } else {
        memset(sources + 6 * i, 0, 6);
      }
    }
  }
  return number(env, got);
}

NAPI_MODULE_INIT() {
  napi_property_descriptor methods[] = {
      {"gcmNew", NULL, gcm_new, NULL, NULL, NULL, napi_default, NULL},
      {"gcmSeal", NULL, gcm_seal, NULL, NULL, NULL, napi_default, NULL},
      {"gcmOpen", NULL, gcm_open, NULL, NULL, NULL, napi_default, NULL},
      {"sendBatch", NULL, send_batch, NULL, NULL, NULL, napi_default, NULL},
      {"recvBatch", NULL, recv_batch, NULL, NULL, NULL, napi_default, NULL},
  };
  napi_define_properties(env, exports, sizeof methods / sizeof methods[0], methods);
  return exports;
}
