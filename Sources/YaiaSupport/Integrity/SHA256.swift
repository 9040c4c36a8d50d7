/// SHA-256 (FIPS 180-4), for the keyed proofs an app and its inspector exchange and the tag
/// that authenticates a lint cache.
///
/// The platforms differ in where a hash lives (CryptoKit on Apple, nothing in Foundation on
/// Linux); a package for it (swift-crypto) would bring BoringSSL's build into every app that
/// links the inspector. This is the standard's algorithm as written, checked against its
/// published test vectors; one copy for every part that needs it.
package struct SHA256: Sendable {
  private var state: [UInt32] = [
    0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a,
    0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
  ]
  private var pending: [UInt8] = []
  private var length: UInt64 = 0

  /// The bytes of one block.
  package static let blockSize = 64

  private static let rounds: [UInt32] = [
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

  /// A hash with nothing taken yet.
  package init() {}

  /// The digest of `bytes`, in one call.
  package static func digest(_ bytes: some Sequence<UInt8>) -> [UInt8] {
    var hash = SHA256()
    hash.update(bytes)
    return hash.finish()
  }

  /// Takes more of the message.
  package mutating func update(_ bytes: some Sequence<UInt8>) {
    // Whole blocks straight from the input; only a block's ragged ends wait in `pending` (a
    // byte at a time, every file the lint cache keys took longer to hash than to read).
    let input = Array(bytes)
    length &+= UInt64(input.count)
    var start = 0
    if !pending.isEmpty {
      let taken = min(Self.blockSize - pending.count, input.count)
      pending += input[0..<taken]
      start = taken
      guard pending.count == Self.blockSize else { return }
      compress(pending)
      pending.removeAll(keepingCapacity: true)
    }
    while input.count - start >= Self.blockSize {
      compress(input[start..<start + Self.blockSize])
      start += Self.blockSize
    }
    pending += input[start...]
  }

  /// The 32-byte digest of everything taken.
  package mutating func finish() -> [UInt8] {
    let bits = length &* 8
    var tail = pending
    tail.append(0x80)
    while tail.count % Self.blockSize != 56 { tail.append(0) }
    for shift in stride(from: 56, through: 0, by: -8) {
      tail.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift)))
    }
    for start in stride(from: 0, to: tail.count, by: Self.blockSize) {
      compress(tail[start..<start + Self.blockSize])
    }
    pending.removeAll()
    return state.flatMap { word in
      [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: word >> UInt32($0)) }
    }
  }

  private mutating func compress(_ block: some Collection<UInt8>) {
    var words = [UInt32](repeating: 0, count: 64)
    var byte = block.startIndex
    for index in 0..<16 {
      var word: UInt32 = 0
      for _ in 0..<4 {
        word = word << 8 | UInt32(block[byte])
        byte = block.index(after: byte)
      }
      words[index] = word
    }
    for index in 16..<64 {
      let a = words[index - 15]
      let b = words[index - 2]
      let s0 = a.rotatedRight(7) ^ a.rotatedRight(18) ^ (a >> 3)
      let s1 = b.rotatedRight(17) ^ b.rotatedRight(19) ^ (b >> 10)
      words[index] = words[index - 16] &+ s0 &+ words[index - 7] &+ s1
    }
    var (a, b, c, d) = (state[0], state[1], state[2], state[3])
    var (e, f, g, h) = (state[4], state[5], state[6], state[7])
    for index in 0..<64 {
      let s1 = e.rotatedRight(6) ^ e.rotatedRight(11) ^ e.rotatedRight(25)
      let choice = (e & f) ^ (~e & g)
      let first = h &+ s1 &+ choice &+ Self.rounds[index] &+ words[index]
      let s0 = a.rotatedRight(2) ^ a.rotatedRight(13) ^ a.rotatedRight(22)
      let majority = (a & b) ^ (a & c) ^ (b & c)
      let second = s0 &+ majority
      (h, g, f, e) = (g, f, e, d &+ first)
      (d, c, b, a) = (c, b, a, first &+ second)
    }
    for (index, value) in [a, b, c, d, e, f, g, h].enumerated() { state[index] &+= value }
  }
}

extension UInt32 {
  fileprivate func rotatedRight(_ count: UInt32) -> UInt32 { self >> count | self << (32 - count) }
}

/// HMAC (RFC 2104) over SHA-256: a digest only a holder of `key` can make.
package enum KeyedHash {
  /// The 32-byte HMAC-SHA-256 of `message` under `key`.
  package static func sha256(key: some Sequence<UInt8>, message: some Sequence<UInt8>) -> [UInt8] {
    var block = Array(key)
    if block.count > SHA256.blockSize { block = SHA256.digest(block) }
    block += [UInt8](repeating: 0, count: SHA256.blockSize - block.count)
    var inner = SHA256()
    inner.update(block.map { $0 ^ 0x36 })
    inner.update(message)
    var outer = SHA256()
    outer.update(block.map { $0 ^ 0x5c })
    outer.update(inner.finish())
    return outer.finish()
  }

  /// `bytes` as lowercase hexadecimal: how a digest is written in a header or a file.
  package static func hex(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(bytes.count * 2)
    for byte in bytes {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 15)])
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// Compares without stopping at the first difference, so the time taken says nothing about
  /// how much of a guess was right.
  package static func sameText(_ a: String, _ b: String) -> Bool {
    let x = Array(a.utf8)
    let y = Array(b.utf8)
    var difference = UInt8(truncatingIfNeeded: x.count ^ y.count)
    for index in 0..<min(x.count, y.count) { difference |= x[index] ^ y[index] }
    return difference == 0 && x.count == y.count
  }
}
