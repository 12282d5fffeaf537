//! Paper 000's Figures 3 and 4 as SVG, drawn with the `plotters` crate: one column per game;
//! on top the score of each configuration against the move number (White's view, pawns,
//! clamped to ±10 with mates at the edge; a ring marks each move where the configuration's
//! choice differs from the game's), below its cumulative thinking time.
//!
//! The legend (one per column, for both charts: they share the colours) sits in a strip of
//! its own between the two charts, never over the data, wrapped onto as many rows as the
//! names need. The move axis is ticked at whole move numbers only (`5, 10, 15`: a tick at
//! 12.5 would be Black's 12th move, not a move number).

use std::ops::Range;

use plotters::coord::ranged1d::{DefaultFormatting, KeyPointHint};
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

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

/// Width of one game's column, pixels.
const COLUMN_WIDTH: u32 = 520;
/// Height of the score chart and of the time chart, pixels.
const SCORE_HEIGHT: u32 = 370;
const TIME_HEIGHT: u32 = 330;
/// Height of the title above the columns.
const TITLE_HEIGHT: u32 = 40;
/// The legend's font size and the height of one of its rows, pixels.
const LEGEND_FONT: u32 = 14;
const LEGEND_ROW: u32 = 22;
/// Where the legend's rows start: aligned with the charts' plotting area (the chart margin
/// plus the y label area).
const LEGEND_LEFT: i32 = 12 + 48;
/// Width of a legend entry's sample (a line or a ring) and the gaps around its text.
const SAMPLE_WIDTH: i32 = 24;
const TEXT_GAP: i32 = 6;
const ENTRY_GAP: i32 = 20;
/// The legend entry of the rings.
const RING_LABEL: &str = "choice differs from the game's move";

/// Draws the figure as an SVG document: `title` on top, one column per panel.
pub fn svg(title: &str, panels: &[Panel]) -> Result<String, String> {
    if panels.is_empty() {
        return Err("nothing to draw".into());
    }
    let legends: Vec<Vec<Vec<Entry>>> = panels
        .iter()
        .map(|p| legend_rows(&lines(p.rows), COLUMN_WIDTH as i32))
        .collect();
    let legend_height = legends.iter().map(Vec::len).max().unwrap_or(0) as u32 * LEGEND_ROW + 8;
    let width = COLUMN_WIDTH * panels.len() as u32 + 40;
    let height = TITLE_HEIGHT + SCORE_HEIGHT + legend_height + TIME_HEIGHT;
    let mut out = String::new();
    draw(
        &mut out,
        (width, height),
        title,
        panels,
        &legends,
        legend_height,
    )
    .map_err(|e| format!("drawing failed: {e}"))?;
    Ok(out)
}

/// One legend entry: a line of the configuration with this colour index, or the ring.
struct Entry {
    /// Left edge, pixels from the legend strip's left.
    x: i32,
    /// The colour index of a line; `None` for the ring's entry.
    color: Option<usize>,
    label: String,
}

/// A text's width, pixels: a generous average glyph width for a sans-serif face (plotters
/// writes a font size of `LEGEND_FONT / 1.24` into the SVG; an average glyph is about half
/// the size wide), since an SVG's fonts are chosen by the viewer and cannot be measured here.
fn text_width(text: &str) -> i32 {
    (text.chars().count() as f64 * f64::from(LEGEND_FONT) * 0.5).ceil() as i32
}

/// The legend's entries laid out in rows within `width` pixels: each configuration's line,
/// then the ring's entry when a ring is drawn.
fn legend_rows(lines: &[Line], width: i32) -> Vec<Vec<Entry>> {
    let mut entries: Vec<(Option<usize>, String)> = lines
        .iter()
        .enumerate()
        .map(|(k, line)| (Some(k), line.name.clone()))
        .collect();
    if lines.iter().any(|l| !l.differs.is_empty()) {
        entries.push((None, RING_LABEL.to_string()));
    }
    let mut rows: Vec<Vec<Entry>> = Vec::new();
    let mut x = LEGEND_LEFT;
    for (color, label) in entries {
        let w = SAMPLE_WIDTH + TEXT_GAP + text_width(&label);
        if rows.is_empty() || (x + w > width - 12 && x > LEGEND_LEFT) {
            rows.push(Vec::new());
            x = LEGEND_LEFT;
        }
        rows.last_mut()
            .expect("a row was just pushed")
            .push(Entry { x, color, label });
        x += w + ENTRY_GAP;
    }
    rows
}

/// Ticks of the move axis from `first` to `last`: whole move numbers, every 1, 2, 5, 10,
/// 20, ... moves, at most ten; `(bold, light)`, the light ones a step below.
fn move_ticks(first: f64, last: f64) -> (Vec<f64>, Vec<f64>) {
    let span = (last - first).max(1.0);
    let steps = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000];
    let at = |step: i64| {
        let from = (first / step as f64).ceil() as i64;
        let to = (last / step as f64).floor() as i64;
        (from..=to).map(|k| (k * step) as f64).collect::<Vec<f64>>()
    };
    let bold = steps
        .iter()
        .position(|&s| span / s as f64 <= 10.0)
        .unwrap_or(steps.len() - 1);
    let light = steps[bold.saturating_sub(1)];
    (
        at(steps[bold]),
        if bold == 0 { Vec::new() } else { at(light) },
    )
}

/// The move axis: linear, ticked at the whole move numbers of [`move_ticks`]. (plotters'
/// own `with_key_points` drops the value formatter its mesh needs for `f64`, hence this.)
struct MoveAxis {
    linear: RangedCoordf64,
    bold: Vec<f64>,
    light: Vec<f64>,
}

impl Ranged for MoveAxis {
    type FormatOption = DefaultFormatting;
    type ValueType = f64;

    fn map(&self, value: &f64, limit: (i32, i32)) -> i32 {
        self.linear.map(value, limit)
    }

    fn key_points<Hint: KeyPointHint>(&self, hint: Hint) -> Vec<f64> {
        if hint.weight().allow_light_points() {
            self.light.clone()
        } else {
            self.bold.clone()
        }
    }

    fn range(&self) -> Range<f64> {
        self.linear.range()
    }
}

/// A tick label without needless decimals: `10`, `-4`, `0.5`, `0.001`.
fn tick_label(value: &f64) -> String {
    let text = format!("{value:.6}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    match text {
        "-0" | "" => "0".to_string(),
        t => t.to_string(),
    }
}

type DrawResult = Result<(), Box<dyn std::error::Error>>;

fn draw(
    out: &mut String,
    size: (u32, u32),
    title: &str,
    panels: &[Panel],
    legends: &[Vec<Vec<Entry>>],
    legend_height: u32,
) -> DrawResult {
    let root = SVGBackend::with_string(out, size).into_drawing_area();
    root.fill(&WHITE)?;
    let root = root.titled(title, ("sans-serif", 22))?;
    let columns = root.split_evenly((1, panels.len()));
    let edge = f64::from(EDGE) / 100.0;
    for ((panel, column), legend) in panels.iter().zip(&columns).zip(legends) {
        let (score_area, rest) = column.split_vertically(SCORE_HEIGHT);
        let (legend_area, time_area) = rest.split_vertically(legend_height);
        let lines = lines(panel.rows);
        let last = panel.rows.iter().map(Row::x).fold(1.0, f64::max) + 0.5;
        let first = panel.rows.iter().map(Row::x).fold(last, f64::min).min(1.0);
        let (bold, light) = move_ticks(first, last);
        let moves = || MoveAxis {
            linear: RangedCoordf64::from(first..last),
            bold: bold.clone(),
            light: light.clone(),
        };
        let mut chart = ChartBuilder::on(&score_area)
            .caption(&panel.caption, ("sans-serif", 16))
            .margin(12)
            .x_label_area_size(36)
            .y_label_area_size(48)
            .build_cartesian_2d(moves(), -edge..edge)?;
        chart
            .configure_mesh()
            .x_desc("move")
            .y_desc("score (pawns, White's view)")
            .x_label_formatter(&tick_label)
            .y_label_formatter(&tick_label)
            .draw()?;
        for (k, line) in lines.iter().enumerate() {
            let color = Palette99::pick(k).to_rgba();
            chart.draw_series(LineSeries::new(
                line.scores.iter().copied(),
                color.stroke_width(2),
            ))?;
            chart.draw_series(
                line.differs
                    .iter()
                    .map(|&p| Circle::new(p, 4, color.stroke_width(1))),
            )?;
        }
        draw_legend(&legend_area, legend)?;
        let most = lines
            .iter()
            .filter_map(|l| l.time.last().map(|p| p.1))
            .fold(0.0, f64::max)
            .max(1e-3)
            * 1.05;
        let mut time = ChartBuilder::on(&time_area)
            .caption("cumulative time", ("sans-serif", 14))
            .margin(12)
            .x_label_area_size(36)
            .y_label_area_size(48)
            .build_cartesian_2d(moves(), 0.0..most)?;
        time.configure_mesh()
            .x_desc("move")
            .y_desc("seconds")
            .x_label_formatter(&tick_label)
            .y_label_formatter(&tick_label)
            .draw()?;
        for (k, line) in lines.iter().enumerate() {
            let color = Palette99::pick(k).to_rgba();
            time.draw_series(LineSeries::new(
                line.time.iter().copied(),
                color.stroke_width(2),
            ))?;
        }
    }
    root.present()?;
    Ok(())
}

/// The legend strip: each entry's sample (the line's colour, or a ring) and its name.
fn draw_legend<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    rows: &[Vec<Entry>],
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let font = ("sans-serif", LEGEND_FONT).into_font();
    for (r, row) in rows.iter().enumerate() {
        let y = 4 + r as i32 * LEGEND_ROW as i32 + LEGEND_ROW as i32 / 2;
        for entry in row {
            match entry.color {
                Some(k) => {
                    let color = Palette99::pick(k).to_rgba();
                    area.draw(&PathElement::new(
                        vec![(entry.x, y), (entry.x + SAMPLE_WIDTH, y)],
                        color.stroke_width(2),
                    ))?;
                }
                None => {
                    area.draw(&Circle::new(
                        (entry.x + SAMPLE_WIDTH / 2, y),
                        4,
                        BLACK.stroke_width(1),
                    ))?;
                }
            }
            let style = font
                .clone()
                .color(&BLACK)
                .pos(Pos::new(HPos::Left, VPos::Center));
            area.draw(&Text::new(
                entry.label.clone(),
                (entry.x + SAMPLE_WIDTH + TEXT_GAP, y),
                style,
            ))?;
        }
    }
    Ok(())
}
