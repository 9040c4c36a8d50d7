/// HMAC-SHA-256 (RFC 2104 over FIPS 180-4): a tag over bytes that only a holder of the key can
/// compute, so that a file a tool wrote for itself (the lint cache) can be told from one
/// written by anyone else, however much of the file's format they know.
///
/// Why here and not a package: the toolchain on Linux has no CryptoKit, and swift-crypto
/// builds BoringSSL (a minute and a half on two cores) for one function the tools call on a
/// few megabytes. Checked against RFC 4231's test vectors and FIPS 180-4's examples.
package enum MessageAuthentication {
  /// The HMAC-SHA-256 tag of `message` under `key`: 32 bytes.
  package static func tag(_ message: some Collection<UInt8>, key: [UInt8]) -> [UInt8] {
    var block = key.count > 64 ? sha256(key) : key
    block += [UInt8](repeating: 0, count: 64 - block.count)
    var inner = SHA256State()
    inner.absorb(block.map { $0 ^ 0x36 })
    inner.absorb(message)
    var outer = SHA256State()
    outer.absorb(block.map { $0 ^ 0x5C })
    outer.absorb(inner.finish())
    return outer.finish()
  }

  /// The SHA-256 digest of `bytes`: 32 bytes.
  package static func sha256(_ bytes: some Collection<UInt8>) -> [UInt8] {
    var state = SHA256State()
    state.absorb(bytes)
    return state.finish()
  }

  /// `bytes` as lowercase hexadecimal.
  package static func hex(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count * 2)
    for byte in bytes {
      out.append(digits[Int(byte >> 4)])
      out.append(digits[Int(byte & 0x0F)])
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// Whether two tags are equal, in time that does not depend on where they first differ.
  package static func same(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    guard a.count == b.count else { return false }
    var difference: UInt8 = 0
    for index in a.indices { difference |= a[index] ^ b[index] }
    return difference == 0
  }
}

/// SHA-256 over bytes given in pieces.
private struct SHA256State {
  private static let roundConstants: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4,
    0xab1c_5ed5, 0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe,
    0x9bdc_06a7, 0xc19b_f174, 0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f,
    0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da, 0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7,
    0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967, 0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc,
    0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85, 0xa2bf_e8a1, 0xa81a_664b,
    0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070, 0x19a4_c116,
    0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7,
    0xc671_78f2,
  ]

  private var hash: [UInt32] = [
    0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab,
    0x5be0_cd19,
  ]
  private var pending: [UInt8] = []
  private var length: UInt64 = 0
  private var words = [UInt32](repeating: 0, count: 64)

  mutating func absorb(_ bytes: some Collection<UInt8>) {
    length &+= UInt64(bytes.count)
    for byte in bytes {
      pending.append(byte)
      if pending.count == 64 {
        compress()
        pending.removeAll(keepingCapacity: true)
      }
    }
  }

  mutating func finish() -> [UInt8] {
    let bits = length &* 8
    pending.append(0x80)
    if pending.count > 56 {
      pending += [UInt8](repeating: 0, count: 64 - pending.count)
      compress()
      pending.removeAll(keepingCapacity: true)
    }
    pending += [UInt8](repeating: 0, count: 56 - pending.count)
    for shift in stride(from: 56, through: 0, by: -8) {
      pending.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift)))
    }
    compress()
    var out: [UInt8] = []
    for word in hash {
      for shift in stride(from: 24, through: 0, by: -8) {
        out.append(UInt8(truncatingIfNeeded: word >> UInt32(shift)))
      }
    }
    return out
  }

  private mutating func compress() {
    for index in 0..<16 {
      words[index] =
        UInt32(pending[4 * index]) << 24 | UInt32(pending[4 * index + 1]) << 16
        | UInt32(pending[4 * index + 2]) << 8 | UInt32(pending[4 * index + 3])
    }
    for index in 16..<64 {
      let a = words[index - 15]
      let b = words[index - 2]
      let s0 = a.rotatedRight(7) ^ a.rotatedRight(18) ^ (a >> 3)
      let s1 = b.rotatedRight(17) ^ b.rotatedRight(19) ^ (b >> 10)
      words[index] = words[index - 16] &+ s0 &+ words[index - 7] &+ s1
    }
    var (a, b, c, d, e, f, g, h) = (
      hash[0], hash[1], hash[2], hash[3], hash[4], hash[5], hash[6], hash[7]
    )
    for index in 0..<64 {
      let s1 = e.rotatedRight(6) ^ e.rotatedRight(11) ^ e.rotatedRight(25)
      let choice = (e & f) ^ (~e & g)
      let t1 = h &+ s1 &+ choice &+ Self.roundConstants[index] &+ words[index]
      let s0 = a.rotatedRight(2) ^ a.rotatedRight(13) ^ a.rotatedRight(22)
      let majority = (a & b) ^ (a & c) ^ (b & c)
      let t2 = s0 &+ majority
      (h, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
    }
    hash[0] &+= a
    hash[1] &+= b
    hash[2] &+= c
    hash[3] &+= d
    hash[4] &+= e
    hash[5] &+= f
    hash[6] &+= g
    hash[7] &+= h
  }
}

extension UInt32 {
  fileprivate func rotatedRight(_ count: UInt32) -> UInt32 {
    (self >> count) | (self << (32 - count))
  }
}
