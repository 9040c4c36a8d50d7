import Testing
import YaiaToolSupport

/// The lint cache's tag is only as good as its SHA-256 and HMAC: checked against the
/// standards' own examples, and at every length where the padding changes shape.
@Suite("HMAC-SHA-256, as the standards give it")
struct MessageAuthenticationTests {
  static func hex(_ text: String) -> String {
    MessageAuthentication.hex(MessageAuthentication.sha256(Array(text.utf8)))
  }

  @Test("SHA-256 of FIPS 180-4's examples, and of each length around a block's padding")
  func sha256() {
    #expect(Self.hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    #expect(Self.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(
      Self.hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
        == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    // Lengths on each side of 56 and 64 bytes (where the length no longer fits the block),
    // from Python's hashlib.
    let expected: [Int: String] = [
      55: "576a1bf8d4478657e6dc4af9398544765c2a92cde28478b019235cfed315fc09",
      56: "9b20501dfd1d99161c257950f3444f3e49230c351c5c8e0943ef369f85f5205d",
      63: "30b345906b493f06f69444b6521113511c242f30e29840462950035043682f1e",
      64: "d8bc63b4fc1156e5e7d95a418b9bf54cd3174bedbc2db40f74895349b229b3c0",
      65: "1ee23b0fbcaecc1aff4a9e8f1645f35ab2c8e13609cd73b68df8b5e3f63ce073",
      119: "7a6589821178918ca8d9edaba5abfc1e9b2669564f4469b66885379c1530b2c8",
      120: "655250427d56b1b0eeb8497d21428704273458a01772d6881b65c0abac0f8a98",
      1000: "89f4ff56a25dd1db06a4ce6033603775d705fb96f30f8693733fef602a1ca532",
    ]
    for (length, digest) in expected {
      let bytes = (0..<length).map { UInt8(($0 * 7) % 256) }
      #expect(
        MessageAuthentication.hex(MessageAuthentication.sha256(bytes)) == digest, "\(length)")
    }
  }

  @Test("HMAC-SHA-256 of RFC 4231's test cases 1, 2 and 6 (a key longer than a block)")
  func hmac() {
    func tag(_ key: [UInt8], _ message: String) -> String {
      MessageAuthentication.hex(MessageAuthentication.tag(Array(message.utf8), key: key))
    }
    #expect(
      tag(Array(repeating: 0x0B, count: 20), "Hi There")
        == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
    #expect(
      tag(Array("Jefe".utf8), "what do ya want for nothing?")
        == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    #expect(
      tag(
        Array(repeating: 0xAA, count: 131),
        "Test Using Larger Than Block-Size Key - Hash Key First")
        == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
    #expect(MessageAuthentication.same([1, 2, 3], [1, 2, 3]))
    #expect(!MessageAuthentication.same([1, 2, 3], [1, 2, 4]))
    #expect(!MessageAuthentication.same([1, 2, 3], [1, 2]))
  }
}
