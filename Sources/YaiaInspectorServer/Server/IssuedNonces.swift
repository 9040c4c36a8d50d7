/// The nonces this inspector handed out in handshakes and not yet seen used: a proof is good
/// for one batch, so a batch seen once (by whatever took the port after it, say) cannot be
/// sent again. Bounded: past ``capacity``, the oldest unused nonces are forgotten (their apps
/// are told to connect again), and the order they were handed out in is compacted as nonces
/// are used, so memory stays within a few times the capacity however many are handed out.
struct IssuedNonces {
  /// The most nonces waiting to be used.
  static let capacity = 4_096

  private var waiting: Set<String> = []
  /// Handed-out nonces, oldest first, from `start`; some may have been used since.
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
    if order.count - start > 2 * Self.capacity || start > Self.capacity {
      // Drop what was used or forgotten: what is left is exactly what waits, in order.
      order = order[start...].filter { waiting.contains($0) }
      start = 0
    }
  }

  /// Takes `nonce` if it was handed out and not used yet; `false` otherwise.
  mutating func use(_ nonce: String) -> Bool { waiting.remove(nonce) != nil }

  /// How many wait.
  var count: Int { waiting.count }

  /// How many entries the order holds, used or not: what bounds the memory.
  var remembered: Int { order.count - start }
}
