import Foundation
import Glibc

/// The process's own figures, read from /proc/self when /metrics is read, under the names Prometheus's client
/// libraries give them (so that their dashboards work unchanged). A figure that cannot be read is left out.
struct ProcessMetrics {
    var cpuSeconds: Double?
    var residentBytes: Int?
    var virtualBytes: Int?
    var startTime: Double?
    var openDescriptors: Int?
    var maxDescriptors: Int?

    static func read() -> ProcessMetrics {
        var metrics = ProcessMetrics()
        let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
        // The fields after the ")" that closes the command name (which may hold spaces): state is the first.
        if let stat = text("/proc/self/stat"), let close = stat.lastIndex(of: ")") {
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            func field(_ number: Int) -> Double? { fields.count > number - 3 ? Double(fields[number - 3]) : nil }
            if let user = field(14), let system = field(15) { metrics.cpuSeconds = (user + system) / ticksPerSecond }
            metrics.virtualBytes = field(23).map { Int($0) }
            metrics.residentBytes = field(24).map { Int($0) * sysconf(Int32(_SC_PAGESIZE)) }
            if let started = field(22), let boot = bootTime() { metrics.startTime = boot + started / ticksPerSecond }
        }
        metrics.openDescriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd"))?.count
        if let limits = text("/proc/self/limits"),
            let line = limits.split(separator: "\n").first(where: { $0.hasPrefix("Max open files") })
        {
            metrics.maxDescriptors = line.dropFirst("Max open files".count).split(separator: " ").first.flatMap { Int($0) }
        }
        return metrics
    }

    func write(into text: inout String) {
        func sample(_ name: String, _ type: ServiceMetrics.FamilyType, _ help: String, _ value: (some CustomStringConvertible)?) {
            guard let value else { return }
            ServiceMetrics.family(name, type, help, into: &text)
            text += "\(name) \(value)\n"
        }
        sample("process_cpu_seconds_total", .counter, "User and system CPU time spent, in seconds.", cpuSeconds)
        sample("process_resident_memory_bytes", .gauge, "Resident memory size, in bytes.", residentBytes)
        sample("process_virtual_memory_bytes", .gauge, "Virtual memory size, in bytes.", virtualBytes)
        sample("process_start_time_seconds", .gauge, "Start time of the process since the Unix epoch, in seconds.", startTime)
        sample("process_open_fds", .gauge, "Open file descriptors.", openDescriptors)
        sample("process_max_fds", .gauge, "The most file descriptors the process may open.", maxDescriptors)
    }

    /// Seconds since the Unix epoch at which the machine booted (`btime` in /proc/stat).
    private static func bootTime() -> Double? {
        guard let stat = text("/proc/stat"), let line = stat.split(separator: "\n").first(where: { $0.hasPrefix("btime ") }) else {
            return nil
        }
        return Double(line.dropFirst("btime ".count))
    }

    /// A /proc file read to its end: they report a size of 0, so reads go on until there is no more.
    private static func text(_ path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.readToEnd() else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
