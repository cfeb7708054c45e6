import Foundation

/// Draws a benchmark's steps as an SVG line chart: seconds per step and resident memory after it,
/// each on its own axis, against a count that grows from step to step (people stored, requests served).
struct TimeAndMemoryChart {
    /// One step of a benchmark.
    struct Point {
        /// Where the step is on the horizontal axis.
        var x: Int
        var seconds: Double
        var residentBytes: Int
    }

    let title: String
    let xAxisTitle: String
    /// The label of a tick of the horizontal axis.
    let tickLabel: (Int) -> String
    let secondsLegend: String
    let memoryLegend: String
    let points: [Point]

    private let width = 720.0
    private let height = 360.0
    private let margin = (left: 64.0, right: 72.0, top: 40.0, bottom: 48.0)

    var svg: String {
        let maxX = Double(points.map(\.x).max() ?? 1)
        let maxSeconds = niceCeiling(points.map(\.seconds).max() ?? 1)
        let maxMegabytes = niceCeiling(points.map { Double($0.residentBytes) / 1_048_576 }.max() ?? 1)
        let plotWidth = width - margin.left - margin.right
        let plotHeight = height - margin.top - margin.bottom
        func x(_ value: Int) -> Double { margin.left + Double(value) / maxX * plotWidth }
        func y(_ value: Double, max: Double) -> Double { margin.top + plotHeight - value / max * plotHeight }
        func polyline(_ value: (Point) -> Double, max: Double) -> String {
            points.map { String(format: "%.1f,%.1f", x($0.x), y(value($0), max: max)) }.joined(separator: " ")
        }
        var lines: [String] = []
        lines.append(##"<svg xmlns="http://www.w3.org/2000/svg" width="\##(Int(width))" height="\##(Int(height))" font-family="sans-serif" font-size="12">"##)
        lines.append(##"<rect width="100%" height="100%" fill="white"/>"##)
        lines.append(##"<text x="\##(Int(width / 2))" y="22" text-anchor="middle" font-size="14">\##(title)</text>"##)
        for step in 0...4 {
            let fraction = Double(step) / 4
            let lineY = margin.top + plotHeight - fraction * plotHeight
            lines.append(String(format: ##"<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#ddd"/>"##, margin.left, lineY, margin.left + plotWidth, lineY))
            lines.append(String(format: ##"<text x="%.1f" y="%.1f" text-anchor="end" fill="#1f77b4">%.2f s</text>"##, margin.left - 6, lineY + 4, maxSeconds * fraction))
            lines.append(String(format: ##"<text x="%.1f" y="%.1f" fill="#d62728">%.0f MB</text>"##, margin.left + plotWidth + 6, lineY + 4, maxMegabytes * fraction))
            let tick = Int(maxX * fraction)
            lines.append(String(format: ##"<text x="%.1f" y="%.1f" text-anchor="middle">"##, x(tick), height - margin.bottom + 18) + tickLabel(tick) + "</text>")
        }
        lines.append(##"<text x="\##(Int(margin.left + plotWidth / 2))" y="\##(Int(height - 8))" text-anchor="middle">\##(xAxisTitle)</text>"##)
        lines.append(##"<polyline fill="none" stroke="#1f77b4" stroke-width="2" points="\##(polyline({ $0.seconds }, max: maxSeconds))"/>"##)
        lines.append(##"<polyline fill="none" stroke="#d62728" stroke-width="2" stroke-dasharray="6 3" points="\##(polyline({ Double($0.residentBytes) / 1_048_576 }, max: maxMegabytes))"/>"##)
        lines.append(##"<text x="\##(Int(margin.left + 8))" y="\##(Int(margin.top + 14))" fill="#1f77b4">— \##(secondsLegend)</text>"##)
        lines.append(##"<text x="\##(Int(margin.left + 8))" y="\##(Int(margin.top + 30))" fill="#d62728">- - \##(memoryLegend)</text>"##)
        lines.append("</svg>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A round number at or above `value`, for an axis's top.
    private func niceCeiling(_ value: Double) -> Double {
        guard value > 0 else { return 1 }
        let magnitude = pow(10, floor(log10(value)))
        for step in [1.0, 2.0, 2.5, 5.0, 10.0] where step * magnitude >= value { return step * magnitude }
        return 10 * magnitude
    }
}
