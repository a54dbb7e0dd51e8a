// Rapid's datagram addon: AES-GCM seal/open with cipher contexts made once per key (node:crypto makes an object per
// datagram), and sendmmsg/recvmmsg batches on a socket's descriptor (one system call per batch, not per datagram).
// OpenSSL is the one inside Node: its headers ship in include/node and the node binary exports its symbols.
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/udp.h>
#include <node_api.h>
#include <openssl/evp.h>
#include <poll.h>
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

// The kernel refused UDP_SEGMENT once (a device without checksum offload, an old kernel): never asked again.
static int segmentation_off = 0;
#define SEGMENT_BYTES 65000
#define MAX_SEGMENTS 64

// sendBatch(fd, datagrams, port?, ipv4?, segment?): datagrams is an array of arrays of Buffers (each one datagram's
// parts). Sent with sendmmsg without blocking; with `segment`, runs of equal-size datagrams (the last of a run may be
// shorter) go as one UDP GSO message each (UDP_SEGMENT): the stack is crossed once per run, the kernel or the card
// cuts it into the same datagrams. Returns how many datagrams went (the rest met a full socket buffer, or an error).
static napi_value send_batch(napi_env env, napi_callback_info info) {
  size_t argc = 5;
  napi_value argv[5];
  CHECK(env, napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  int fd;
  uint32_t count;
  if (argc < 2 || !fd_of(env, argv[0], &fd) || napi_get_array_length(env, argv[1], &count) != napi_ok)
    return fail(env, "sendBatch(fd, datagrams, port?, address?, segment?)");
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
  bool segment = false;
  if (argc >= 5) napi_get_value_bool(env, argv[4], &segment);
  struct iovec parts[MAX_BATCH * MAX_PARTS];
  size_t sizes[MAX_BATCH];
  uint32_t part_counts[MAX_BATCH];
  struct mmsghdr messages[MAX_BATCH];
  uint32_t members[MAX_BATCH];
  union {
    char buffer[CMSG_SPACE(sizeof(uint16_t))];
    struct cmsghdr align;
  } controls[MAX_BATCH];
  uint32_t sent_total = 0;
  while (sent_total < count) {
    uint32_t batch = count - sent_total < MAX_BATCH ? count - sent_total : MAX_BATCH;
    size_t used_parts = 0;
    for (uint32_t i = 0; i < batch; i++) {
      napi_value datagram;
      uint32_t part_count;
      if (napi_get_element(env, argv[1], sent_total + i, &datagram) != napi_ok ||
          napi_get_array_length(env, datagram, &part_count) != napi_ok || part_count > MAX_PARTS)
        return fail(env, "sendBatch: each datagram is an array of at most 4 Buffers");
      sizes[i] = 0;
      part_counts[i] = part_count;
      for (uint32_t p = 0; p < part_count; p++) {
        napi_value part;
        unsigned char *data;
        size_t length;
        if (napi_get_element(env, datagram, p, &part) != napi_ok || !buffer_of(env, part, &data, &length))
          return fail(env, "sendBatch: a part is not a Buffer");
        parts[used_parts + p].iov_base = data;
        parts[used_parts + p].iov_len = length;
        sizes[i] += length;
      }
      used_parts += part_count;
    }
    // Groups: one datagram each, or with segmentation runs of one size.
    uint32_t groups = 0;
    size_t part_at = 0;
    int segmenting = segment && !segmentation_off;
    for (uint32_t i = 0; i < batch;) {
      uint32_t n = 1;
      size_t total = sizes[i];
      size_t first_parts = part_at;
      part_at += part_counts[i];
      if (segmenting && sizes[i] > 0)
        while (i + n < batch && n < MAX_SEGMENTS && sizes[i + n - 1] == sizes[i] && sizes[i + n] > 0 &&
               sizes[i + n] <= sizes[i] && total + sizes[i + n] <= SEGMENT_BYTES) {
          total += sizes[i + n];
          part_at += part_counts[i + n];
          n++;
        }
      struct msghdr *header = &messages[groups].msg_hdr;
      memset(header, 0, sizeof *header);
      header->msg_iov = parts + first_parts;
      header->msg_iovlen = part_at - first_parts;
      if (addressed) {
        header->msg_name = &to;
        header->msg_namelen = sizeof to;
      }
      if (n > 1) {
        header->msg_control = controls[groups].buffer;
        header->msg_controllen = sizeof controls[groups].buffer;
        struct cmsghdr *cmsg = CMSG_FIRSTHDR(header);
        cmsg->cmsg_level = SOL_UDP;
        cmsg->cmsg_type = UDP_SEGMENT;
        cmsg->cmsg_len = CMSG_LEN(sizeof(uint16_t));
        uint16_t size = (uint16_t)sizes[i];
        memcpy(CMSG_DATA(cmsg), &size, sizeof size);
      }
      members[groups++] = n;
      i += n;
    }
    uint32_t done = 0;
    while (done < groups) {
      int sent = sendmmsg(fd, messages + done, groups - done, MSG_DONTWAIT);
      if (sent < 0 && errno == EINTR) continue;
      if (sent < 0 && segmenting && messages[done].msg_hdr.msg_controllen > 0 &&
          (errno == EIO || errno == EINVAL || errno == EOPNOTSUPP || errno == ENOPROTOOPT)) {
        // Refused for the segmentation: the rest of this batch again, one datagram per message.
        segmentation_off = 1;
        break;
      }
      if (sent <= 0) return number(env, sent_total);
      for (int g = 0; g < sent; g++) sent_total += members[done + g];
      done += (uint32_t)sent;
    }
  }
  return number(env, sent_total);
}

// segmentationOff(): true once the kernel refused UDP_SEGMENT (then every batch goes one datagram per message).
static napi_value segmentation_is_off(napi_env env, napi_callback_info info) {
  (void)info;
  napi_value out;
  napi_get_boolean(env, segmentation_off, &out);
  return out;
}

// groOn(fd): asks the kernel to hand this socket runs of datagrams from one sender coalesced (UDP GRO): one receive
// per run, its segment size in a control message (recvBatch's `segments`). False where the kernel has no UDP_GRO.
static napi_value gro_on(napi_env env, napi_callback_info info) {
  size_t argc = 1;
  napi_value argv[1];
  CHECK(env, napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  int fd;
  if (argc < 1 || !fd_of(env, argv[0], &fd)) return fail(env, "groOn(fd)");
  int one = 1;
  napi_value out;
  napi_get_boolean(env, setsockopt(fd, SOL_UDP, UDP_GRO, &one, sizeof one) == 0, &out);
  return out;
}

// waitReadable(fds: Int32Array, timeoutMs): blocks the calling thread (a drain thread, never the event loop) until one
// of the sockets has a datagram waiting or the time is up; how many are readable.
static napi_value wait_readable(napi_env env, napi_callback_info info) {
  size_t argc = 2;
  napi_value argv[2];
  CHECK(env, napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  napi_typedarray_type type;
  size_t count;
  void *data;
  int32_t timeout;
  if (argc < 2 || napi_get_typedarray_info(env, argv[0], &type, &count, &data, NULL, NULL) != napi_ok ||
      type != napi_int32_array || count > MAX_BATCH || napi_get_value_int32(env, argv[1], &timeout) != napi_ok)
    return fail(env, "waitReadable(fds, timeoutMs)");
  struct pollfd fds[MAX_BATCH];
  for (size_t i = 0; i < count; i++) {
    fds[i].fd = ((int32_t *)data)[i];
    fds[i].events = POLLIN;
    fds[i].revents = 0;
  }
  int ready;
  do ready = poll(fds, count, timeout);
  while (ready < 0 && errno == EINTR);
  return number(env, ready < 0 ? 0 : ready);
}

// recvBatch(fd, buffer, slotBytes, lengths: Int32Array, sources?: Uint8Array, segments?: Int32Array): reads up to
// lengths.length datagrams without blocking, datagram i into buffer[i * slotBytes, +slotBytes); its length into
// lengths[i] and, for IPv4, its sender's address and port into sources[6 * i, +6). With `segments` (a socket with
// groOn), segments[i] is the size of the datagrams a coalesced run holds (the last may be shorter), 0 for a single
// datagram. Returns how many (0 when none waits).
static napi_value recv_batch(napi_env env, napi_callback_info info) {
  size_t argc = 6;
  napi_value argv[6];
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
  int32_t *segments = NULL;
  if (argc >= 6) {
    napi_valuetype kind;
    napi_typeof(env, argv[5], &kind);
    size_t segment_length;
    void *segment_data;
    if (kind != napi_undefined) {
      if (napi_get_typedarray_info(env, argv[5], &type, &segment_length, &segment_data, NULL, NULL) != napi_ok ||
          type != napi_int32_array || segment_length < max)
        return fail(env, "recvBatch: segments must be an Int32Array of one entry per datagram");
      segments = segment_data;
    }
  }
  if (max > buffer_length / slot) max = buffer_length / slot;
  if (max > MAX_BATCH) max = MAX_BATCH;
  struct mmsghdr messages[MAX_BATCH];
  struct iovec slots[MAX_BATCH];
  struct sockaddr_storage from[MAX_BATCH];
  union {
    char buffer[CMSG_SPACE(sizeof(int))];
    struct cmsghdr align;
  } controls[MAX_BATCH];
  for (size_t i = 0; i < max; i++) {
    slots[i].iov_base = buffer + i * slot;
    slots[i].iov_len = slot;
    memset(&messages[i].msg_hdr, 0, sizeof messages[i].msg_hdr);
    messages[i].msg_hdr.msg_iov = &slots[i];
    messages[i].msg_hdr.msg_iovlen = 1;
    messages[i].msg_hdr.msg_name = &from[i];
    messages[i].msg_hdr.msg_namelen = sizeof from[i];
    if (segments) {
      messages[i].msg_hdr.msg_control = controls[i].buffer;
      messages[i].msg_hdr.msg_controllen = sizeof controls[i].buffer;
    }
  }
  int got;
  do got = recvmmsg(fd, messages, (unsigned)max, MSG_DONTWAIT, NULL);
  while (got < 0 && errno == EINTR);
  if (got < 0) got = 0;
  int32_t *lengths = lengths_data;
  for (int i = 0; i < got; i++) {
    // A datagram longer than its slot arrives cut (MSG_TRUNC): reported as length -1, so it is dropped.
    lengths[i] = (messages[i].msg_hdr.msg_flags & MSG_TRUNC) ? -1 : (int32_t)messages[i].msg_len;
    if (segments) {
      segments[i] = 0;
      for (struct cmsghdr *cmsg = CMSG_FIRSTHDR(&messages[i].msg_hdr); cmsg;
           cmsg = CMSG_NXTHDR(&messages[i].msg_hdr, cmsg))
        if (cmsg->cmsg_level == SOL_UDP && cmsg->cmsg_type == UDP_GRO) {
          int size;
          memcpy(&size, CMSG_DATA(cmsg), sizeof size);
          segments[i] = size;
        }
    }
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
      {"segmentationOff", NULL, segmentation_is_off, NULL, NULL, NULL, napi_default, NULL},
      {"recvBatch", NULL, recv_batch, NULL, NULL, NULL, napi_default, NULL},
      {"groOn", NULL, gro_on, NULL, NULL, NULL, napi_default, NULL},
      {"waitReadable", NULL, wait_readable, NULL, NULL, NULL, napi_default, NULL},
  };
  napi_define_properties(env, exports, sizeof methods / sizeof methods[0], methods);
  return exports;
}
