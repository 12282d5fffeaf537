//! Paper 000's Figures 3 and 4 as SVG, drawn with the `plotters` crate: one column per game;
//! on top the score of each configuration against the move number (White's view, pawns,
//! clamped to ±10 with mates at the edge; a ring marks each move where the configuration's
//! choice differs from the game's), below its cumulative thinking time.

use plotters::prelude::*;

use super::analyse::{Row, EDGE};

/// One game's panel: its caption and rows (several configurations).
pub struct Panel<'a> {
    /// `White (Elo) – Black (Elo), result`.
    pub caption: String,
    /// The rows of every configuration for this game.
    pub rows: &'a [Row],
}

/// A line of one configuration: (move number, pawns) where scored, the differing moves, and
/// (move number, cumulative seconds).
struct Line {
    name: String,
    scores: Vec<(f64, f64)>,
    differs: Vec<(f64, f64)>,
    time: Vec<(f64, f64)>,
}

fn lines(rows: &[Row]) -> Vec<Line> {
    super::analyse::by_config(rows)
        .into_iter()
        .map(|(name, mine)| {
            let pawns = |r: &Row| r.score.map(|s| f64::from(s) / 100.0);
            let scores = mine
                .iter()
                .filter_map(|r| Some((r.x(), pawns(r)?)))
                .collect();
            let differs = mine
                .iter()
                .filter(|r| r.differs())
                .filter_map(|r| Some((r.x(), pawns(r)?)))
                .collect();
            let mut total = 0.0;
            let time = mine
                .iter()
                .filter_map(|r| {
                    total += r.time_ms? / 1000.0;
                    Some((r.x(), total))
                })
                .collect();
            Line {
                name,
                scores,
                differs,
                time,
            }
        })
        .collect()
}

/// Draws the figure as an SVG document: `title` on top, one column per panel.
pub fn svg(title: &str, panels: &[Panel]) -> Result<String, String> {
    if panels.is_empty() {
        return Err("nothing to draw".into());
    }
    let mut out = String::new();
    let width = 520 * panels.len() as u32 + 40;
    draw(&mut out, (width, 760), title, panels).map_err(|e| format!("drawing failed: {e}"))?;
    Ok(out)
}

type DrawResult = Result<(), Box<dyn std::error::Error>>;

fn draw(out: &mut String, size: (u32, u32), title: &str, panels: &[Panel]) -> DrawResult {
    let root = SVGBackend::with_string(out, size).into_drawing_area();
    root.fill(&WHITE)?;
    let root = root.titled(title, ("sans-serif", 22))?;
    let cells = root.split_evenly((2, panels.len()));
    let edge = f64::from(EDGE) / 100.0;
    for (i, panel) in panels.iter().enumerate() {
        let lines = lines(panel.rows);
        let last = panel.rows.iter().map(Row::x).fold(1.0, f64::max) + 0.5;
        let first = panel.rows.iter().map(Row::x).fold(last, f64::min).min(1.0);
        let mut chart = ChartBuilder::on(&cells[i])
            .caption(&panel.caption, ("sans-serif", 16))
            .margin(12)
            .x_label_area_size(36)
            .y_label_area_size(48)
            .build_cartesian_2d(first..last, -edge..edge)?;
        chart
            .configure_mesh()
            .x_desc("move")
            .y_desc("score (pawns, White's view)")
            .draw()?;
        for (k, line) in lines.iter().enumerate() {
            let color = Palette99::pick(k).to_rgba();
            chart
                .draw_series(LineSeries::new(
                    line.scores.iter().copied(),
                    color.stroke_width(2),
                ))?
                .label(line.name.as_str())
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 18, y)], color));
            chart.draw_series(
                line.differs
                    .iter()
                    .map(|&p| Circle::new(p, 4, color.stroke_width(1))),
            )?;
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::LowerLeft)
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .draw()?;
        let most = lines
            .iter()
            .filter_map(|l| l.time.last().map(|p| p.1))
            .fold(0.0, f64::max)
            .max(1e-3)
            * 1.05;
        let mut time = ChartBuilder::on(&cells[panels.len() + i])
            .caption("cumulative time", ("sans-serif", 14))
            .margin(12)
            .x_label_area_size(36)
            .y_label_area_size(48)
            .build_cartesian_2d(first..last, 0.0..most)?;
        time.configure_mesh()
            .x_desc("move")
            .y_desc("seconds")
            .draw()?;
        for (k, line) in lines.iter().enumerate() {
            let color = Palette99::pick(k).to_rgba();
            time.draw_series(LineSeries::new(
                line.time.iter().copied(),
                color.stroke_width(2),
            ))?
            .label(line.name.as_str())
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 18, y)], color));
        }
        time.configure_series_labels()
            .position(SeriesLabelPosition::UpperLeft)
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .draw()?;
    }
    root.present()?;
    Ok(())
}
