// The only file that calls libibverbs. Each VerbsApi method is one verb:
//   ibv_get_device_list / ibv_free_device_list, ibv_open_device / ibv_close_device,
//   ibv_query_port, ibv_query_gid, ibv_alloc_pd, ibv_reg_mr, ibv_create_cq, ibv_create_qp,
//   ibv_modify_qp, ibv_post_send, ibv_post_recv, ibv_poll_cq, ibv_destroy_qp / _cq,
//   ibv_dereg_mr, ibv_dealloc_pd; and getrlimit(RLIMIT_MEMLOCK).
// Handles are indices into a table here, so no libibverbs type leaves this file; the table
// is locked, since an agent's sessions create and release endpoints on several threads at
// once (libibverbs itself is thread-safe). Nothing here decides anything: the attributes
// come from rc_endpoint.cpp.
//
// Not yet run on hardware (this project's machine has no RDMA device): see docs/probe.md.

#include <cerrno>
#include <map>
#include <mutex>
#include <variant>

#include <infiniband/verbs.h>

#include "ibatlas/verbs/verbs_api.hpp"

#include <sys/resource.h>

namespace ibatlas {
namespace {

using Object = std::variant<ibv_pd*, ibv_mr*, ibv_cq*, ibv_qp*>;

int errno_or(int fallback) {
  return errno != 0 ? errno : fallback;
}

int to_ibv_mask(std::uint32_t mask) {
  using namespace verbs_mask;
  static constexpr std::pair<std::uint32_t, int> kBits[] = {
      {kState, IBV_QP_STATE},
      {kAccessFlags, IBV_QP_ACCESS_FLAGS},
      {kPkeyIndex, IBV_QP_PKEY_INDEX},
      {kPort, IBV_QP_PORT},
      {kAddressVector, IBV_QP_AV},
      {kPathMtu, IBV_QP_PATH_MTU},
      {kTimeout, IBV_QP_TIMEOUT},
      {kRetryCount, IBV_QP_RETRY_CNT},
      {kRnrRetry, IBV_QP_RNR_RETRY},
      {kRqPsn, IBV_QP_RQ_PSN},
      {kMaxRdAtomic, IBV_QP_MAX_QP_RD_ATOMIC},
      {kMinRnrTimer, IBV_QP_MIN_RNR_TIMER},
      {kSqPsn, IBV_QP_SQ_PSN},
      {kMaxDestRdAtomic, IBV_QP_MAX_DEST_RD_ATOMIC},
      {kDestQpn, IBV_QP_DEST_QPN},
  };
  int out = 0;
  for (const auto& [ours, theirs] : kBits) {
    out |= (mask & ours) != 0 ? theirs : 0;
  }
  return out;
}

ibv_qp_state to_ibv_state(VerbsQpState state) {
  switch (state) {
    case VerbsQpState::Reset:
      return IBV_QPS_RESET;
    case VerbsQpState::Init:
      return IBV_QPS_INIT;
    case VerbsQpState::Rtr:
      return IBV_QPS_RTR;
    case VerbsQpState::Rts:
      return IBV_QPS_RTS;
    case VerbsQpState::Error:
      break;
  }
  return IBV_QPS_ERR;
}

ibv_qp_attr to_ibv_attributes(const VerbsQpAttributes& a) {
  ibv_qp_attr attr{};
  attr.qp_state = to_ibv_state(a.state);
  attr.qp_access_flags = static_cast<unsigned>(a.access_flags);
  attr.pkey_index = a.pkey_index;
  attr.port_num = a.port;
  attr.path_mtu = static_cast<ibv_mtu>(a.path_mtu);
  attr.dest_qp_num = a.dest_qpn;
  attr.rq_psn = a.rq_psn;
  attr.sq_psn = a.sq_psn;
  attr.max_dest_rd_atomic = a.max_dest_rd_atomic;
  attr.min_rnr_timer = a.min_rnr_timer;
  attr.timeout = a.timeout;
  attr.retry_cnt = a.retry_count;
  attr.rnr_retry = a.rnr_retry;
  attr.max_rd_atomic = a.max_rd_atomic;
  attr.ah_attr.dlid = a.address.dlid;
  attr.ah_attr.sl = a.address.sl;
  attr.ah_attr.src_path_bits = a.address.src_path_bits;
  attr.ah_attr.port_num = a.address.port;
  attr.ah_attr.is_global = a.address.is_global ? 1 : 0;
  std::copy(a.address.dgid.begin(), a.address.dgid.end(), attr.ah_attr.grh.dgid.raw);
  attr.ah_attr.grh.sgid_index = a.address.sgid_index;
  attr.ah_attr.grh.hop_limit = a.address.hop_limit;
  return attr;
}

VerbsCompletion from_ibv(const ibv_wc& wc) {
  VerbsCompletion c;
  c.id = wc.wr_id;
  c.raw_status = static_cast<std::uint32_t>(wc.status);
  c.vendor_error = wc.vendor_err;
  c.byte_length = wc.byte_len;
  c.opcode = (wc.opcode & IBV_WC_RECV) != 0 ? VerbsWcOpcode::Receive : VerbsWcOpcode::Send;
  switch (wc.status) {
    case IBV_WC_SUCCESS:
      c.status = VerbsWcStatus::Success;
      break;
    case IBV_WC_RETRY_EXC_ERR:
      c.status = VerbsWcStatus::RetryExceeded;
      break;
    case IBV_WC_RNR_RETRY_EXC_ERR:
      c.status = VerbsWcStatus::RnrRetryExceeded;
      break;
    case IBV_WC_WR_FLUSH_ERR:
      c.status = VerbsWcStatus::Flushed;
      break;
    default:
      c.status = VerbsWcStatus::Other;
  }
  return c;
}

class IbverbsApi final : public VerbsApi {
 public:
  IbverbsApi() = default;
  IbverbsApi(const IbverbsApi&) = delete;
  IbverbsApi& operator=(const IbverbsApi&) = delete;

  ~IbverbsApi() override {
    // Reverse creation order: QPs before CQs, MRs before the PD.
    while (!objects_.empty()) {  // no other thread uses the api any more
      destroy(objects_.rbegin()->first);
    }
    if (context_ != nullptr) {
      ibv_close_device(context_);
    }
  }

  std::vector<std::string> list_devices(int& error) override {
    error = 0;
    errno = 0;
    int count = 0;
    ibv_device** list = ibv_get_device_list(&count);
    if (list == nullptr) {
      error = errno_or(ENODEV);
      return {};
    }
    std::vector<std::string> names;
    names.reserve(static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i) {
      names.emplace_back(ibv_get_device_name(list[i]));
    }
    ibv_free_device_list(list);
    return names;
  }

  int open_device(const std::string& name) override {
    int count = 0;
    ibv_device** list = ibv_get_device_list(&count);
    if (list == nullptr) {
      return errno_or(ENODEV);
    }
    for (int i = 0; i < count && context_ == nullptr; ++i) {
      if (name == ibv_get_device_name(list[i])) {
        errno = 0;
        context_ = ibv_open_device(list[i]);
      }
    }
    int error = context_ == nullptr ? errno_or(ENODEV) : 0;
    ibv_free_device_list(list);
    return error;
  }

  int query_port(std::uint8_t port, VerbsPortAttributes& out) override {
    ibv_port_attr attr{};
    if (int e = ibv_query_port(context_, port, &attr); e != 0) {
      return e;
    }
    out.state = static_cast<std::uint8_t>(attr.state);
    out.lid = attr.lid;
    out.lmc = attr.lmc;
    out.active_mtu = static_cast<VerbsMtu>(attr.active_mtu);
    out.infiniband = attr.link_layer != IBV_LINK_LAYER_ETHERNET;
    return 0;
  }

  int query_gid(std::uint8_t port, int index, VerbsGid& out) override {
    ibv_gid gid{};
    if (int e = ibv_query_gid(context_, port, index, &gid); e != 0) {
      return errno_or(e);
    }
    std::copy(std::begin(gid.raw), std::end(gid.raw), out.begin());
    return 0;
  }

  int alloc_pd(VerbsHandle& pd) override {
    errno = 0;
    return keep(ibv_alloc_pd(context_), pd);
  }

  int reg_mr(VerbsHandle pd, void* address, std::size_t bytes, VerbsHandle& mr) override {
    errno = 0;
    // The function, not the macro of the same name (its constant test mixes two enums).
    return keep((ibv_reg_mr)(get<ibv_pd*>(pd), address, bytes, IBV_ACCESS_LOCAL_WRITE), mr);
  }

  int create_cq(int entries, VerbsHandle& cq) override {
    errno = 0;
    return keep(ibv_create_cq(context_, entries, nullptr, nullptr, 0), cq);
  }

  int create_qp(VerbsHandle pd, VerbsHandle cq, VerbsQpCaps& caps, VerbsHandle& qp,
                std::uint32_t& qp_num) override {
    ibv_qp_init_attr init{};
    init.send_cq = get<ibv_cq*>(cq);
    init.recv_cq = init.send_cq;
    init.qp_type = IBV_QPT_RC;
    init.sq_sig_all = 0;
    init.cap.max_send_wr = caps.max_send_wr;
    init.cap.max_recv_wr = caps.max_recv_wr;
    init.cap.max_send_sge = 1;
    init.cap.max_recv_sge = 1;
    init.cap.max_inline_data = caps.max_inline_data;
    errno = 0;
    ibv_qp* created = ibv_create_qp(get<ibv_pd*>(pd), &init);
    if (int e = keep(created, qp); e != 0) {
      return e;
    }
    caps.max_inline_data = init.cap.max_inline_data;  // what the device granted
    qp_num = created->qp_num;
    return 0;
  }

  int modify_qp(VerbsHandle qp, const VerbsQpAttributes& attributes, std::uint32_t mask) override {
    ibv_qp_attr attr = to_ibv_attributes(attributes);
    return ibv_modify_qp(get<ibv_qp*>(qp), &attr, to_ibv_mask(mask));
  }

  int post_send(VerbsHandle qp, const VerbsWorkRequest& request) override {
    ibv_sge sge = sge_of(request);
    ibv_send_wr wr{};
    wr.wr_id = request.id;
    wr.sg_list = &sge;
    wr.num_sge = 1;
    wr.opcode = IBV_WR_SEND;
    unsigned flags = 0;
    flags |= request.inline_data ? static_cast<unsigned>(IBV_SEND_INLINE) : 0U;
    flags |= request.signaled ? static_cast<unsigned>(IBV_SEND_SIGNALED) : 0U;
    wr.send_flags = flags;
    ibv_send_wr* bad = nullptr;
    return ibv_post_send(get<ibv_qp*>(qp), &wr, &bad);
  }

  int post_recv(VerbsHandle qp, const VerbsWorkRequest& request) override {
    ibv_sge sge = sge_of(request);
    ibv_recv_wr wr{};
    wr.wr_id = request.id;
    wr.sg_list = &sge;
    wr.num_sge = 1;
    ibv_recv_wr* bad = nullptr;
    return ibv_post_recv(get<ibv_qp*>(qp), &wr, &bad);
  }

  int poll_cq(VerbsHandle cq, std::span<VerbsCompletion> out) override {
    ibv_wc wc[8];
    int n =
        ibv_poll_cq(get<ibv_cq*>(cq), static_cast<int>(std::min<std::size_t>(out.size(), 8)), wc);
    for (int i = 0; i < n; ++i) {
      out[static_cast<std::size_t>(i)] = from_ibv(wc[i]);
    }
    return n;
  }

  void destroy(VerbsHandle handle) override {
    Object object;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      auto it = objects_.find(handle);
      if (it == objects_.end()) {
        return;
      }
      object = it->second;
      objects_.erase(it);
    }
    std::visit(
        [](auto* resource) {
          using T = std::remove_pointer_t<decltype(resource)>;
          if constexpr (std::is_same_v<T, ibv_qp>) {
            ibv_destroy_qp(resource);
          } else if constexpr (std::is_same_v<T, ibv_cq>) {
            ibv_destroy_cq(resource);
          } else if constexpr (std::is_same_v<T, ibv_mr>) {
            ibv_dereg_mr(resource);
          } else {
            ibv_dealloc_pd(resource);
          }
        },
        object);
  }

  std::optional<std::uint64_t> memlock_limit() override {
    rlimit limit{};
    if (getrlimit(RLIMIT_MEMLOCK, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) {
      return std::nullopt;
    }
    return static_cast<std::uint64_t>(limit.rlim_cur);
  }

 private:
  template <typename T>
  int keep(T* object, VerbsHandle& handle) {
    if (object == nullptr) {
      handle = 0;
      return errno_or(ENOMEM);
    }
    std::lock_guard<std::mutex> lock(mutex_);
    handle = next_++;
    objects_.emplace(handle, object);
    return 0;
  }

  template <typename T>
  T get(VerbsHandle handle) const {
    std::lock_guard<std::mutex> lock(mutex_);
    return std::get<T>(objects_.at(handle));
  }

  ibv_sge sge_of(const VerbsWorkRequest& request) const {
    ibv_mr* mr = get<ibv_mr*>(request.mr);
    return ibv_sge{reinterpret_cast<std::uintptr_t>(mr->addr) + request.offset, request.length,
                   mr->lkey};
  }

  ibv_context* context_ = nullptr;
  mutable std::mutex mutex_;  // guards objects_ and next_
  std::map<VerbsHandle, Object> objects_;
  VerbsHandle next_ = 1;
};

}  // namespace

std::unique_ptr<VerbsApi> make_ibverbs_api() {
  return std::make_unique<IbverbsApi>();
}

}  // namespace ibatlas
