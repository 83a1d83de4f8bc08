#!/usr/bin/env python3
"""Generates crates/sim/content/default.map (run once; the map is then hand-editable).

Layout (x right, y down), 64 x 64:
  - SW: start hall with the squad spawn
  - S/centre: the open yard (22 x 16) with debris
  - W: pillar hall (grid of 1x1 pillars)
  - centre: the U-room (a U of walls open to the south inside a big room)
  - N: barracks (three rooms with doors off a 2-wide corridor)
  - E: long 3-wide corridor and the east warehouse
"""
W, H = 64, 64
g = [['#'] * W for _ in range(H)]

def carve(x0, y0, x1, y1, c='.'):
    for y in range(y0, y1 + 1):
        for x in range(x0, x1 + 1):
            g[y][x] = c

def wall(x0, y0, x1, y1):
    carve(x0, y0, x1, y1, '#')

def put(x, y, c):
    g[y][x] = c

# start hall (SW)
carve(3, 48, 16, 60)
put(8, 55, 'S')
put(4, 49, 'L'); put(15, 59, 'L')
# 2-wide corridor from start hall east into the yard
carve(17, 52, 22, 53)
# open yard
carve(23, 44, 46, 60)
for (x, y) in [(27, 48), (28, 48), (40, 56), (41, 56), (41, 57), (33, 58), (44, 46)]:
    put(x, y, '~')
put(24, 45, 'L'); put(45, 59, 'L'); put(34, 52, 'L')
put(46, 60, 'E')          # yard SE gate spawn
carve(47, 58, 50, 59)     # gate niche
put(50, 58, 'E')
# pillar hall (W), reached from the start hall through a door on its north wall
carve(3, 28, 18, 44)
for y in range(31, 43, 3):
    for x in range(6, 17, 3):
        put(x, y, '#')
carve(8, 45, 9, 47)       # door start hall -> pillar hall (2 wide)
put(4, 29, 'L'); put(17, 43, 'L')
put(3, 28, 'E')
# corridor pillar hall -> U-room hall (3 wide)
carve(19, 34, 24, 36)
# U-room hall (centre)
carve(25, 24, 44, 40)
# the U: open to the south
wall(30, 27, 39, 27)      # top bar
wall(30, 27, 30, 35)      # left arm
wall(39, 27, 39, 35)      # right arm
put(34, 31, 'T')          # a dummy inside the U
put(26, 25, 'L'); put(43, 39, 'L'); put(34, 38, 'L')
# yard <-> U-room hall: two doors (2 wide) in the wall between them
carve(28, 41, 29, 43)
carve(40, 41, 41, 43)
# 2-wide corridor north from the U-room hall to the barracks corridor
carve(34, 14, 35, 23)
# barracks corridor (2 wide, east-west)
carve(6, 12, 58, 13)
# barracks rooms north of the corridor, each with a 1-wide door
for (x0, x1, door) in [(6, 15, 10), (18, 27, 22), (44, 55, 49)]:
    carve(x0, 3, x1, 10)
    carve(door, 11, door + 1, 11)
    put(x0 + 1, 4, 'L')
put(14, 4, 'E'); put(26, 4, 'E'); put(54, 4, 'E')
# a small storeroom south of the corridor, dead end
carve(8, 15, 14, 20)
carve(10, 14, 11, 14)
put(13, 19, 'E')
# chapel (north-centre, big room with pews as debris)
carve(30, 3, 40, 10)
carve(34, 11, 35, 11)
for y in (5, 7, 9):
    for x in range(32, 39):
        if x != 35 and x != 34:
            put(x, y, '~')
put(35, 3, 'L')
# east: 3-wide corridor from the U-room hall east, then south to the warehouse
carve(45, 30, 53, 32)
carve(51, 14, 53, 29)     # up to the barracks corridor
carve(51, 33, 53, 40)
# east warehouse
carve(49, 41, 60, 56)
for (x, y) in [(50, 44), (51, 44), (50, 45), (51, 45), (56, 44), (57, 44), (56, 50), (57, 50), (56, 51), (57, 51), (50, 52), (51, 52)]:
    put(x, y, '#')        # crates
put(59, 42, 'E'); put(59, 55, 'E')
put(50, 42, 'L'); put(59, 49, 'L')
# warehouse opens into the yard (west wall door, 2 wide)
carve(47, 49, 48, 50)

rows = [''.join(r) for r in g]
header = """name = Default: the quarter
description = Start hall, open yard, pillar hall, U-room, barracks, chapel, warehouse
"""
open('../crates/sim/content/default.map', 'w').write(header + '\n'.join(rows) + '\n')
print('\n'.join(rows))
