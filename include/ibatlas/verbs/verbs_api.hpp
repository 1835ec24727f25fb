#pragma once

// THE verbs seam: every call the RDMA probe transport makes into libibverbs goes through
// VerbsApi, one method per verb (ibv_get_device_list, ibv_open_device, ibv_query_port,
// ibv_query_gid, ibv_alloc_pd, ibv_reg_mr, ibv_create_cq, ibv_create_qp, ibv_modify_qp,
// ibv_post_send, ibv_post_recv, ibv_poll_cq, the ibv_destroy_* calls) plus getrlimit for
// RLIMIT_MEMLOCK. The types below mirror the fields of struct ibv_qp_attr and friends that
// the transport sets, with the IBA's numeric encodings, so no libibverbs header appears
// outside src/verbs/.
//
// Real: make_ibverbs_api() (src/verbs/verbs_api_ibv.cpp, the only libibverbs user).
// Tests: FakeVerbs (tests/support/fake_verbs.hpp), which records every call.
//
// Every method returns 0 or a positive errno value, as libibverbs reports it; poll_cq
// returns the number of completions or a negative errno.

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace ibatlas {

// Opaque, issued by the api; 0 is never a valid handle.
using VerbsHandle = std::uint32_t;
using VerbsGid = std::array<std::uint8_t, 16>;

enum class VerbsQpState : std::uint8_t { Reset, Init, Rtr, Rts, Error };

// IBA encoding (ibv_mtu): 1 = 256 bytes ... 5 = 4096 bytes.
enum class VerbsMtu : std::uint8_t {
  Mtu256 = 1,
  Mtu512 = 2,
  Mtu1024 = 3,
  Mtu2048 = 4,
  Mtu4096 = 5
};

inline std::uint32_t mtu_bytes(VerbsMtu mtu) {
  return 128U << static_cast<unsigned>(mtu);
}

struct VerbsPortAttributes {
  std::uint8_t state = 0;  // IBA PortState: 1 Down, 2 Init, 3 Armed, 4 Active
  std::uint16_t lid = 0;
  std::uint8_t lmc = 0;
  VerbsMtu active_mtu = VerbsMtu::Mtu256;
  bool infiniband = true;  // false: Ethernet (RoCE), which this transport does not address
};

// Which fields of VerbsQpAttributes a modify_qp sets (the IBV_QP_* mask bits).
namespace verbs_mask {
inline constexpr std::uint32_t kState = 1U << 0;
inline constexpr std::uint32_t kAccessFlags = 1U << 1;
inline constexpr std::uint32_t kPkeyIndex = 1U << 2;
inline constexpr std::uint32_t kPort = 1U << 3;
inline constexpr std::uint32_t kAddressVector = 1U << 4;
inline constexpr std::uint32_t kPathMtu = 1U << 5;
inline constexpr std::uint32_t kTimeout = 1U << 6;
inline constexpr std::uint32_t kRetryCount = 1U << 7;
inline constexpr std::uint32_t kRnrRetry = 1U << 8;
inline constexpr std::uint32_t kRqPsn = 1U << 9;
inline constexpr std::uint32_t kMaxRdAtomic = 1U << 10;  // IBV_QP_MAX_QP_RD_ATOMIC
inline constexpr std::uint32_t kMinRnrTimer = 1U << 11;
inline constexpr std::uint32_t kSqPsn = 1U << 12;
inline constexpr std::uint32_t kMaxDestRdAtomic = 1U << 13;
inline constexpr std::uint32_t kDestQpn = 1U << 14;
}  // namespace verbs_mask

// ibv_ah_attr: LID-routed within the subnet unless is_global.
struct VerbsAddressVector {
  std::uint16_t dlid = 0;
  std::uint8_t sl = 0;
  std::uint8_t src_path_bits = 0;
  std::uint8_t port = 0;
  bool is_global = false;
  VerbsGid dgid{};
  std::uint8_t sgid_index = 0;
  std::uint8_t hop_limit = 0;
  friend bool operator==(const VerbsAddressVector&, const VerbsAddressVector&) = default;
};

// ibv_qp_attr, the fields an RC QP's RESET -> INIT -> RTR -> RTS transitions use.
struct VerbsQpAttributes {
  VerbsQpState state = VerbsQpState::Reset;
  std::uint32_t access_flags = 0;  // IBV_ACCESS_* bits
  std::uint16_t pkey_index = 0;
  std::uint8_t port = 0;
  VerbsMtu path_mtu = VerbsMtu::Mtu256;
  std::uint32_t dest_qpn = 0;
  std::uint32_t rq_psn = 0;
  std::uint32_t sq_psn = 0;
  std::uint8_t max_dest_rd_atomic = 0;
  std::uint8_t min_rnr_timer = 0;
  std::uint8_t timeout = 0;
  std::uint8_t retry_count = 0;
  std::uint8_t rnr_retry = 0;
  std::uint8_t max_rd_atomic = 0;
  VerbsAddressVector address;
  friend bool operator==(const VerbsQpAttributes&, const VerbsQpAttributes&) = default;
};

// ibv_qp_cap: what create_qp asks for; on success, what the device granted.
struct VerbsQpCaps {
  std::uint32_t max_send_wr = 0;
  std::uint32_t max_recv_wr = 0;
  std::uint32_t max_inline_data = 0;
};

// One work request with one scatter/gather entry inside a registered region.
struct VerbsWorkRequest {
  std::uint64_t id = 0;
  VerbsHandle mr = 0;
  std::size_t offset = 0;  // into the region registered as `mr`
  std::uint32_t length = 0;
  bool inline_data = false;  // IBV_SEND_INLINE (sends only)
  bool signaled = true;      // IBV_SEND_SIGNALED (sends only)
};

enum class VerbsWcStatus : std::uint8_t {
  Success,
  RetryExceeded,     // IBV_WC_RETRY_EXC_ERR: the peer never acknowledged
  RnrRetryExceeded,  // IBV_WC_RNR_RETRY_EXC_ERR: the peer had no receive posted
  Flushed,           // IBV_WC_WR_FLUSH_ERR: the QP went to the error state before
  Other,             // any other status; vendor_error says more
};

enum class VerbsWcOpcode : std::uint8_t { Send, Receive };

struct VerbsCompletion {
  std::uint64_t id = 0;
  VerbsWcStatus status = VerbsWcStatus::Success;
  VerbsWcOpcode opcode = VerbsWcOpcode::Send;
  std::uint32_t byte_length = 0;
  std::uint32_t raw_status = 0;  // the ibv_wc_status number, for messages
  std::uint32_t vendor_error = 0;
};

class VerbsApi {
 public:
  virtual ~VerbsApi() = default;

  // The RDMA devices' names. `error` is set when the list could not be read (ENOSYS: the
  // kernel has no uverbs support); an empty list with error 0 means no device.
  virtual std::vector<std::string> list_devices(int& error) = 0;
  // Opens `name`; the api holds that one device context from then on.
  virtual int open_device(const std::string& name) = 0;
  virtual int query_port(std::uint8_t port, VerbsPortAttributes& out) = 0;
  virtual int query_gid(std::uint8_t port, int index, VerbsGid& out) = 0;
  virtual int alloc_pd(VerbsHandle& pd) = 0;
  // Local write access only: the probe's peers never read or write this memory.
  // REQUIRES: [address, address + bytes) outlives the registration.
  virtual int reg_mr(VerbsHandle pd, void* address, std::size_t bytes, VerbsHandle& mr) = 0;
  virtual int create_cq(int entries, VerbsHandle& cq) = 0;
  // An RC QP whose send and receive completions both go to `cq`; `caps` in/out.
  virtual int create_qp(VerbsHandle pd, VerbsHandle cq, VerbsQpCaps& caps, VerbsHandle& qp,
                        std::uint32_t& qp_num) = 0;
  virtual int modify_qp(VerbsHandle qp, const VerbsQpAttributes& attributes,
                        std::uint32_t mask) = 0;
  virtual int post_send(VerbsHandle qp, const VerbsWorkRequest& request) = 0;
  virtual int post_recv(VerbsHandle qp, const VerbsWorkRequest& request) = 0;
  // Never blocks: the completions ready now, at most out.size(); or -errno.
  virtual int poll_cq(VerbsHandle cq, std::span<VerbsCompletion> out) = 0;
  // Releases a QP, CQ, MR or PD (in that order: a QP before its CQ and PD).
  virtual void destroy(VerbsHandle handle) = 0;
  // RLIMIT_MEMLOCK's soft limit in bytes; absent when unlimited.
  virtual std::optional<std::uint64_t> memlock_limit() = 0;
};

// The real api over libibverbs. Never throws for a missing device: list_devices says so.
std::unique_ptr<VerbsApi> make_ibverbs_api();

}  // namespace ibatlas
