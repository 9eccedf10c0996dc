kakuro
title "Eight 6"
by "Hanjie generator"
license MIT
difficulty 3
seed 403
size 8x8

grid
#     #     #     #     26\   12\   35\   #
#     #     #     \10   .     .     .     #
#     #     #     23\22 .     .     .     #
#     8\    23\27 .     .     .     .     4\
\24   .     .     .     .     \3    .     .
\22   .     .     .     3\    8\8   .     .
\21   .     .     .     .     .     .     #
#     #     #     \5    .     .     #     #

solution
# # # # # # # #
# # # # 2 1 7 #
# # # # 9 5 8 #
# # # 5 7 6 9 #
# 1 9 6 8 # 2 1
# 5 8 9 # # 5 3
# 2 6 3 1 5 4 #
# # # # 2 3 # #
