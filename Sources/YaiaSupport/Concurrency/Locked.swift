#if canImport(Darwin)
  public import Darwin
#elseif canImport(Glibc)
  public import Glibc
#elseif canImport(Musl)
  public import Musl
#endif

/// A value shared between threads, read and changed only while a lock is held: the package's
/// one lock type, as swift-argument-parser and swift-async-algorithms each have one.
///
/// ```swift
/// let arrivals = Locked<[String]>([])
/// arrivals.withLock { $0.append("first") }
/// let count = arrivals.withLock { $0.count }
/// ```
///
/// Why not `Synchronization.Mutex`: it needs macOS 15 and iOS 18, and the package supports
/// macOS 14 and iOS 17. Why not `NSLock`: the core imports no Foundation. The lock is the
/// platform's own (`os_unfair_lock` on Apple platforms, a `pthread_mutex_t` elsewhere), kept
/// with the value in one allocation. Never hold it across an `await`, and never call code that
/// may take it again (it is not recursive).
///
/// It is `Sendable` when its value is: a value that may not cross threads does not become one
/// that may by being locked.
package final class Locked<Value> {
  @usableFromInline let buffer: ManagedBuffer<Value, PlatformLock>

  /// A lock guarding `value`.
  package init(_ value: Value) {
    buffer = ManagedBuffer.create(minimumCapacity: 1) { _ in value }
    buffer.withUnsafeMutablePointerToElements { PlatformLock.initialize($0) }
  }

  deinit {
    buffer.withUnsafeMutablePointerToElements { PlatformLock.destroy($0) }
  }

  /// Runs `body` with the value, holding the lock: what it returns, or throws, comes out.
  @inlinable @discardableResult
  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    try buffer.withUnsafeMutablePointers { value, lock in
      PlatformLock.lock(lock)
      defer { PlatformLock.unlock(lock) }
      return try body(&value.pointee)
    }
  }

  /// The value now (a copy, taken under the lock).
  @inlinable
  package var value: Value { withLock { $0 } }
}

/// `@unchecked Sendable`, proven: the value is only reached through ``Locked/withLock(_:)``, which
/// holds the lock for the whole access, and values that cross threads through it are
/// `Sendable`; the lock lives at a stable address (the buffer's elements) for the object's life.
extension Locked: @unchecked Sendable where Value: Sendable {}

extension Locked where Value == Bool {
  /// Sets a flag (a server stopping, a test's callback seen).
  package func set() { withLock { $0 = true } }
}

#if canImport(Darwin)
  /// The platform's lock: `os_unfair_lock`.
  @usableFromInline typealias PlatformLock = os_unfair_lock

  extension os_unfair_lock {
    static func initialize(_ lock: UnsafeMutablePointer<Self>) {
      lock.initialize(to: os_unfair_lock())
    }
    static func destroy(_ lock: UnsafeMutablePointer<Self>) { lock.deinitialize(count: 1) }
    @inlinable static func lock(_ lock: UnsafeMutablePointer<Self>) { os_unfair_lock_lock(lock) }
    @inlinable static func unlock(_ lock: UnsafeMutablePointer<Self>) {
      os_unfair_lock_unlock(lock)
    }
  }
#else
  /// The platform's lock: a `pthread_mutex_t`.
  @usableFromInline typealias PlatformLock = pthread_mutex_t

  extension pthread_mutex_t {
    static func initialize(_ lock: UnsafeMutablePointer<Self>) {
      lock.initialize(to: pthread_mutex_t())
      // A default mutex: not recursive; it cannot fail for want of attributes.
      pthread_mutex_init(lock, nil)
    }
    static func destroy(_ lock: UnsafeMutablePointer<Self>) {
      pthread_mutex_destroy(lock)
      lock.deinitialize(count: 1)
    }
    @inlinable static func lock(_ lock: UnsafeMutablePointer<Self>) { pthread_mutex_lock(lock) }
    @inlinable static func unlock(_ lock: UnsafeMutablePointer<Self>) {
      pthread_mutex_unlock(lock)
    }
  }
#endif
