// The animal pictures: simple faces drawn with canvas paths, made for this game.
// Each face is drawn in a box from -1 to 1 on both axes, y pointing down.

const INK = '#2a211b';
const EYE = '#1b1512';
const WHITE = '#fffaf0';
const PINK = '#e58e9a';
const TAU = Math.PI * 2;

/**
 * @param {CanvasRenderingContext2D} ctx
 * @param {string} color
 * @param {() => void} build
 */
function fillShape(ctx, color, build, outline = true) {
  ctx.beginPath();
  build();
  ctx.fillStyle = color;
  ctx.fill();
  if (outline) {
    ctx.strokeStyle = INK;
    ctx.lineWidth = 0.07;
    ctx.stroke();
  }
}

/**
 * @param {CanvasRenderingContext2D} ctx
 * @param {string} color
 * @param {number} x
 * @param {number} y
 * @param {number} rx
 * @param {number} ry
 */
function oval(ctx, color, x, y, rx, ry, rotation = 0, outline = true) {
  fillShape(ctx, color, () => ctx.ellipse(x, y, rx, ry, rotation, 0, TAU), outline);
}

/**
 * @param {CanvasRenderingContext2D} ctx
 * @param {string} color
 * @param {number[]} points
 */
function polygon(ctx, color, points, outline = true) {
  fillShape(ctx, color, () => {
    ctx.moveTo(points[0], points[1]);
    for (let i = 2; i < points.length; i += 2) ctx.lineTo(points[i], points[i + 1]);
    ctx.closePath();
  }, outline);
}

/**
 * @param {CanvasRenderingContext2D} ctx
 * @param {string} color
 * @param {number} width
 * @param {number[]} points
 */
function line(ctx, color, width, points) {
  ctx.beginPath();
  ctx.moveTo(points[0], points[1]);
  for (let i = 2; i < points.length; i += 2) ctx.lineTo(points[i], points[i + 1]);
  ctx.strokeStyle = color;
  ctx.lineWidth = width;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.stroke();
}

/**
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} dx
 * @param {number} y
 */
function eyes(ctx, dx, y, r = 0.075) {
  for (const x of [-dx, dx]) {
    oval(ctx, EYE, x, y, r, r * 1.15, 0, false);
    oval(ctx, WHITE, x + r * 0.35, y - r * 0.4, r * 0.3, r * 0.3, 0, false);
  }
}

/**
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} y
 * @param {number} spread
 */
function whiskers(ctx, y, spread) {
  for (const s of [-1, 1]) {
    line(ctx, INK, 0.035, [s * 0.18, y, s * spread, y - 0.1]);
    line(ctx, INK, 0.035, [s * 0.18, y + 0.06, s * spread, y + 0.1]);
  }
}

/**
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} y
 * @param {number} width
 */
function smile(ctx, y, width) {
  ctx.beginPath();
  ctx.moveTo(-width, y);
  ctx.quadraticCurveTo(-width / 2, y + width * 0.8, 0, y);
  ctx.quadraticCurveTo(width / 2, y + width * 0.8, width, y);
  ctx.strokeStyle = INK;
  ctx.lineWidth = 0.05;
  ctx.stroke();
}

/**
 * @param {CanvasRenderingContext2D} ctx
 */
function elephant(ctx) {
  for (const s of [-1, 1]) oval(ctx, '#8e99a8', s * 0.56, -0.08, 0.42, 0.56, s * 0.15);
  for (const s of [-1, 1]) oval(ctx, '#c9a5ab', s * 0.6, -0.06, 0.24, 0.36, s * 0.15, false);
  oval(ctx, '#aab4c1', 0, -0.2, 0.46, 0.5);
  for (const s of [-1, 1]) polygon(ctx, WHITE, [s * 0.2, 0.12, s * 0.4, 0.4, s * 0.3, 0.1]);
  // The trunk: an outlined thick stroke curling at the tip.
  const trunk = [0, 0.05, 0.02, 0.55, -0.14, 0.8, -0.32, 0.78];
  /**
   * @param {string} color
   * @param {number} width
   */
  const drawTrunk = (color, width) => {
    ctx.beginPath();
    ctx.moveTo(trunk[0], trunk[1]);
    ctx.quadraticCurveTo(trunk[2], trunk[3], trunk[4], trunk[5]);
    ctx.quadraticCurveTo(trunk[6], trunk[7] + 0.05, trunk[6] + 0.02, trunk[7] - 0.08);
    ctx.strokeStyle = color;
    ctx.lineWidth = width;
    ctx.lineCap = 'round';
    ctx.stroke();
  };
  drawTrunk(INK, 0.34);
  drawTrunk('#aab4c1', 0.22);
  eyes(ctx, 0.2, -0.24);
}

/**
 * @param {CanvasRenderingContext2D} ctx
 */
function lion(ctx) {
  // The mane: a ring of tufts around the face.
  const tufts = 12;
  fillShape(ctx, '#b8641c', () => {
    for (let i = 0; i < tufts; i++) {
      const a = (i / tufts) * TAU;
      ctx.moveTo(Math.cos(a) * 0.72 + 0.26, Math.sin(a) * 0.72 + 0.04);
      ctx.arc(Math.cos(a) * 0.72, Math.sin(a) * 0.72 + 0.04, 0.26, 0, TAU);
    }
  });
  oval(ctx, '#b8641c', 0, 0.04, 0.78, 0.78, 0, false);
  for (const s of [-1, 1]) oval(ctx, '#e7ab45', s * 0.4, -0.46, 0.15, 0.15);
  oval(ctx, '#f4c55e', 0, 0.06, 0.58, 0.58);
  for (const s of [-1, 1]) oval(ctx, '#fde7b5', s * 0.14, 0.3, 0.17, 0.13, 0, false);
  polygon(ctx, '#6b3a1c', [-0.12, 0.14, 0.12, 0.14, 0, 0.27]);
  line(ctx, INK, 0.05, [0, 0.27, 0, 0.36]);
  smile(ctx, 0.38, 0.14);
  eyes(ctx, 0.22, -0.04);
}

/**
 * @param {CanvasRenderingContext2D} ctx
 */
function tiger(ctx) {
  for (const s of [-1, 1]) {
    oval(ctx, '#ef8a26', s * 0.56, -0.56, 0.2, 0.2);
    oval(ctx, WHITE, s * 0.56, -0.54, 0.1, 0.1, 0, false);
  }
  oval(ctx, '#ef8a26', 0, 0.04, 0.8, 0.7);
  for (const s of [-1, 1]) oval(ctx, WHITE, s * 0.28, 0.38, 0.3, 0.24, 0, false);
  // 王 on the forehead and stripes on the cheeks.
  for (const y of [-0.5, -0.38, -0.26]) line(ctx, INK, 0.07, [-0.14, y, 0.14, y]);
  line(ctx, INK, 0.07, [0, -0.5, 0, -0.26]);
  for (const s of [-1, 1]) {
    line(ctx, INK, 0.07, [s * 0.78, -0.12, s * 0.52, -0.06]);
    line(ctx, INK, 0.07, [s * 0.8, 0.08, s * 0.56, 0.1]);
    line(ctx, INK, 0.06, [s * 0.7, 0.3, s * 0.55, 0.25]);
  }
  polygon(ctx, PINK, [-0.12, 0.16, 0.12, 0.16, 0, 0.28]);
  smile(ctx, 0.36, 0.13);
  eyes(ctx, 0.26, -0.06);
}

/**
 * @param {CanvasRenderingContext2D} ctx
 */
function leopard(ctx) {
  for (const s of [-1, 1]) oval(ctx, '#e9b949', s * 0.48, -0.52, 0.16, 0.16);
  oval(ctx, '#f1c75a', 0, 0.04, 0.74, 0.68);
  oval(ctx, WHITE, 0, 0.38, 0.32, 0.22, 0, false);
  const spots = [
    [-0.3, -0.42], [0, -0.5], [0.3, -0.42], [-0.52, -0.16], [0.52, -0.16],
    [-0.58, 0.14], [0.58, 0.14], [-0.14, -0.28], [0.14, -0.28], [-0.46, 0.38], [0.46, 0.38],
  ];
  for (const [x, y] of spots) oval(ctx, '#5a3a1a', x, y, 0.065, 0.055, 0, false);
  polygon(ctx, '#5a3a1a', [-0.11, 0.2, 0.11, 0.2, 0, 0.31]);
  smile(ctx, 0.38, 0.12);
  eyes(ctx, 0.24, -0.04);
  for (const s of [-1, 1]) line(ctx, '#5a3a1a', 0.04, [s * 0.3, 0.04, s * 0.2, 0.2]);
}

/**
 * @param {CanvasRenderingContext2D} ctx
 * @param {string} fur
 * @param {string} muzzle
 * @param {string} earTips
 */
function canine(ctx, fur, muzzle, earTips) {
  for (const s of [-1, 1]) {
    polygon(ctx, fur, [s * 0.2, -0.5, s * 0.58, -0.98, s * 0.7, -0.22]);
    polygon(ctx, earTips, [s * 0.36, -0.52, s * 0.56, -0.84, s * 0.6, -0.34], false);
  }
  polygon(ctx, fur, [0, -0.62, 0.5, -0.5, 0.78, -0.04, 0.5, 0.36, 0.14, 0.84, -0.14, 0.84, -0.5, 0.36, -0.78, -0.04, -0.5, -0.5]);
  polygon(ctx, muzzle, [-0.32, 0.12, 0, 0.02, 0.32, 0.12, 0.12, 0.82, -0.12, 0.82], false);
  oval(ctx, EYE, 0, 0.72, 0.12, 0.09, 0, false);
  for (const s of [-1, 1]) polygon(ctx, '#f2cf4a', [s * 0.16, -0.14, s * 0.4, -0.24, s * 0.36, -0.08], false);
  for (const s of [-1, 1]) oval(ctx, EYE, s * 0.3, -0.16, 0.045, 0.05, 0, false);
}

/**
 * @param {CanvasRenderingContext2D} ctx
 */
function wolf(ctx) {
  canine(ctx, '#8b95a3', '#e3e7ec', '#4d5560');
}

/**
 * @param {CanvasRenderingContext2D} ctx
 */
function fox(ctx) {
  canine(ctx, '#e8772e', WHITE, '#2a211b');
}

/**
 * @param {CanvasRenderingContext2D} ctx
 */
function dog(ctx) {
  oval(ctx, '#d9a066', 0, 0, 0.58, 0.64);
  oval(ctx, '#8a5429', 0.26, -0.22, 0.2, 0.18, 0, false);
  for (const s of [-1, 1]) oval(ctx, '#7a4a24', s * 0.6, 0.02, 0.2, 0.46, s * -0.35);
  oval(ctx, '#f6dec3', 0, 0.38, 0.34, 0.26);
  oval(ctx, EYE, 0, 0.26, 0.13, 0.09, 0, false);
  line(ctx, INK, 0.05, [0, 0.34, 0, 0.44]);
  oval(ctx, '#e5707f', 0, 0.6, 0.09, 0.12);
  smile(ctx, 0.44, 0.13);
  eyes(ctx, 0.24, -0.16);
}

/**
 * @param {CanvasRenderingContext2D} ctx
 */
function cat(ctx) {
  for (const s of [-1, 1]) {
    polygon(ctx, '#f2a64e', [s * 0.22, -0.5, s * 0.66, -0.96, s * 0.76, -0.26]);
    polygon(ctx, PINK, [s * 0.36, -0.5, s * 0.62, -0.8, s * 0.66, -0.38], false);
  }
  oval(ctx, '#f2a64e', 0, 0.06, 0.76, 0.62);
  for (const x of [-0.12, 0, 0.12]) line(ctx, '#c06a1e', 0.06, [x, -0.52, x, -0.36]);
  for (const s of [-1, 1]) {
    oval(ctx, '#7cc36a', s * 0.3, -0.06, 0.13, 0.12, 0, true);
    oval(ctx, EYE, s * 0.3, -0.06, 0.04, 0.1, 0, false);
  }
  polygon(ctx, PINK, [-0.09, 0.18, 0.09, 0.18, 0, 0.28], false);
  smile(ctx, 0.32, 0.12);
  whiskers(ctx, 0.24, 0.86);
}

/**
 * @param {CanvasRenderingContext2D} ctx
 */
function rat(ctx) {
  for (const s of [-1, 1]) {
    oval(ctx, '#a7a3ae', s * 0.54, -0.48, 0.32, 0.32);
    oval(ctx, PINK, s * 0.54, -0.46, 0.19, 0.19, 0, false);
  }
  fillShape(ctx, '#a7a3ae', () => {
    ctx.moveTo(0, 0.86);
    ctx.bezierCurveTo(-0.3, 0.7, -0.62, 0.3, -0.58, -0.06);
    ctx.bezierCurveTo(-0.52, -0.5, 0.52, -0.5, 0.58, -0.06);
    ctx.bezierCurveTo(0.62, 0.3, 0.3, 0.7, 0, 0.86);
  });
  oval(ctx, PINK, 0, 0.8, 0.1, 0.08);
  whiskers(ctx, 0.62, 0.72);
  eyes(ctx, 0.2, 0.02, 0.07);
}

/** @type {Record<string, (ctx: CanvasRenderingContext2D) => void>} */
const PAINTERS = { elephant, lion, tiger, leopard, wolf, fox, dog, cat, rat };

/**
 * Draws the face of `animal` ('elephant', 'lion', …, 'fox') centred at (x, y), `size` wide.
 * @param {CanvasRenderingContext2D} ctx
 * @param {string} animal
 * @param {number} x
 * @param {number} y
 * @param {number} size
 */
export function drawAnimal(ctx, animal, x, y, size) {
  const paint = PAINTERS[animal];
  if (!paint) return;
  ctx.save();
  ctx.translate(x, y);
  ctx.scale(size / 2, size / 2);
  paint(ctx);
  ctx.restore();
}
