/// The nonces this inspector handed out in handshakes and not yet seen used: a proof is good
/// for one batch, so a batch seen once (by whatever took the port after it, say) cannot be
/// sent again. Bounded: past ``capacity``, the oldest unused nonces are forgotten (their apps
/// are told to connect again).
struct IssuedNonces {
  /// The most nonces waiting to be used.
  static let capacity = 4_096

  private var waiting: Set<String> = []
  private var order: [String] = []
  private var start = 0

  /// Notes a nonce handed out.
  mutating func issue(_ nonce: String) {
    guard waiting.insert(nonce).inserted else { return }
    order.append(nonce)
    while waiting.count > Self.capacity, start < order.count {
      waiting.remove(order[start])
      start += 1
    }
    if start > Self.capacity {
      order.removeFirst(start)
      start = 0
    }
  }

  /// Takes `nonce` if it was handed out and not used yet; `false` otherwise.
  mutating func use(_ nonce: String) -> Bool { waiting.remove(nonce) != nil }

  /// How many wait.
  var count: Int { waiting.count }
}
