// A ThreadSanitizer crash of the Swift toolchain, not of this project: scripts/sanitize compiles and runs this
// program to see whether the toolchain in use still has it (`CalculatorEngine.RandomSource`, which a generator of no
// size cannot be, keeps it out of the engine).
//
//     swiftc -sanitize=thread -Onone empty-inout.swift -o empty-inout && ./empty-inout
//
// dies with "ThreadSanitizer: SEGV on unknown address" in __tsan::MemoryAccess, called from __tsan_external_write
// in `draw` (Swift 6.3.1, x86_64 Linux). A value with no stored properties (SystemRandomNumberGenerator) gets no
// storage: IRGen passes `undef` as its address (here, the closure's capture of `generator` is `store ptr undef`).
// With -sanitize=thread, generic code reports each `inout` argument to TSan (`__tsan_external_write(address, pc,
// tag)`); the compiler skips the call only where it sees the type is empty (swiftlang/swift#35579), which a generic
// function cannot. The runtime maps the undefined address, whatever a register or stack slot held before, to
// shadow memory and faults when that lies outside the shadow's mapping. Without the sanitizer, or with a generator
// that has a stored property, it prints "true".

@inline(never)
func draw(_ generator: inout some RandomNumberGenerator) -> UInt64 {
    generator.next()
}

@inline(never)
func drawEach(_ count: Int) -> UInt64 {
    var generator = SystemRandomNumberGenerator()
    var total: UInt64 = 0
    (0..<count).forEach { _ in total &+= draw(&generator) }
    return total
}

// Leaves text on the stack where drawEach's frame will lie, as a session id left there crashed the service.
withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 512) { buffer in
    buffer.initialize(repeating: 0x4141_4141_4141_4141)
}
print(drawEach(3) != 0)
